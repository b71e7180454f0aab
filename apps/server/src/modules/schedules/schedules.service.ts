import {
  CALENDAR_POPUP_MAX_POSTS,
  isScheduleDateInFuture,
  listCountLimit,
  NETWORK_NAMES,
  NETWORK_TEXT_NAMES,
  networkHasMedia,
  networkNeedsMedia,
  reconnectDeadline,
  POST_MESSAGES,
  postPublishStatusOf,
  SCHEDULE_MESSAGES,
  type CalendarDay,
  type NetworkId,
  type RepeatType,
  type ScheduledInstance,
  type ScheduleData,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbExecutor } from '../../db/client.js';
import type { PublicationPartRow, PublicationRow } from '../../db/schema/publishing.js';
import { AppError } from '../../errors.js';
import { entityVisible } from '../../lib/entity-scope.js';
import type { Clock } from '../../lib/clock.js';
import { getEntitlements } from '../plans/index.js';
import { createOccurrences } from './occurrences.service.js';
import { expandOccurrences } from './recurrence.js';
import * as repo from './schedules.repository.js';

export interface SchedulesDeps {
  db: Db;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** The customer's saved zone (the settings module's), or undefined before they save one. */
  savedTimeZone: (userId: string) => Promise<string | null | undefined>;
  /** The daylight-saving option: off, repeats keep a fixed interval in absolute time. */
  savedAutoDst: (userId: string) => Promise<boolean>;
  /**
   * Creates the publications (the publishing module's) of new instances, one pending per
   * (instance, network), in the transaction given.
   */
  createPublications: (db: DbExecutor, rows: NewPublication[]) => Promise<void>;
}

/** A network's copy of a new instance, to publish with the connection chosen now. */
export interface NewPublication {
  instanceId: string;
  network: NetworkId;
  connectionId: string;
  accountName: string | null;
}

export interface ScheduleInput {
  social_account_type: NetworkId[];
  post_id: string;
  schedule_date: string;
  repeat_type?: 'daily' | 'weekly' | 'monthly' | null | undefined;
  repeat_until?: string | null | undefined;
  timezone?: string | null | undefined;
}

/** A schedule at a time the caller picks (the queue): no date of its own, no repeat. */
export type PickedScheduleInput = Pick<
  ScheduleInput,
  'social_account_type' | 'post_id' | 'timezone'
>;

/** Answers the time to schedule at, inside the schedule's transaction (see `createAtPickedTime`). */
export type TimePicker = (
  tx: DbExecutor,
  context: { companyId: string; networks: NetworkId[] },
) => Promise<Date>;

type LoadedInstance = Awaited<ReturnType<typeof repo.loadInstances>>[number];

function toScheduledInstance(row: LoadedInstance): ScheduledInstance {
  return {
    id: row.instance.id,
    schedule_id: row.instance.scheduleId,
    scheduled_for: row.instance.scheduledFor.toISOString(),
    status: row.instance.status,
    repeat_type: row.repeatType,
    post: {
      id: row.post.id,
      content: row.post.content,
      url: row.post.url,
      attachments: row.attachments.map((attachment) => ({
        id: attachment.id,
        media_url: attachment.mediaUrl,
        name: attachment.name,
        mime_type: attachment.mimeType,
      })),
      company: row.company
        ? { id: row.company.id, name: row.company.name, logo_url: row.company.logoUrl }
        : null,
    },
    schedule_data: row.publications.map((publication) =>
      toScheduleData(
        publication,
        reconnectBeforeOf(row, publication),
        row.parts.filter((part) => part.publicationId === publication.id),
      ),
    ),
  };
}

/** One publication as the scheduled list and the publication actions answer it. */
export function toScheduleData(
  publication: PublicationRow,
  reconnectBefore: string | null,
  parts: readonly PublicationPartRow[] = [],
): ScheduledInstance['schedule_data'][number] {
  return {
    ...followUpStates(parts),
    id: publication.id,
    network: publication.network,
    social_account: { name: publication.accountName ?? NETWORK_NAMES[publication.network] },
    status: publication.status,
    external_url: publication.externalUrl,
    error: publication.lastError,
    error_code: publication.errorCode,
    attempts: publication.attempts,
    published_at: publication.publishedAt?.toISOString() ?? null,
    due_at: publication.dueAt?.toISOString() ?? null,
    reconnect_before: reconnectBefore,
  };
}

/** How far a publication's thread went, and its first comment, as the card shows them. */
function followUpStates(
  parts: readonly PublicationPartRow[],
): Pick<ScheduleData, 'thread' | 'first_comment'> {
  const thread = parts.filter((part) => part.kind === 'thread');
  const comment = parts.find((part) => part.kind === 'comment');
  const stop = thread.find((part) => part.status !== 'published');
  return {
    thread:
      thread.length === 0
        ? null
        : {
            total: thread.length + 1,
            posted: 1 + thread.filter((part) => part.status === 'published').length,
            stopped_at: stop
              ? {
                  part: stop.position,
                  part_id: stop.id,
                  status: stop.status,
                  error: stop.lastError,
                }
              : null,
          },
    first_comment: comment
      ? {
          id: comment.id,
          status: comment.status,
          error: comment.lastError,
          due_at: comment.dueAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** A waiting publication whose connection stops working before the instance's time. */
function reconnectBeforeOf(
  row: LoadedInstance,
  publication: LoadedInstance['publications'][number],
): string | null {
  if (publication.status !== 'pending') return null;
  const connection = row.connections.find((candidate) => candidate.network === publication.network);
  const deadline = connection ? reconnectDeadline(connection) : null;
  return deadline && deadline.getTime() < row.instance.scheduledFor.getTime()
    ? deadline.toISOString()
    : null;
}

const notFound = () => AppError.notFound(SCHEDULE_MESSAGES.notFound, 'SCHEDULE_NOT_FOUND');

/**
 * Deletes instances. Nothing to cancel: an instance is its own publish job (decision 130),
 * and a run that was taking it finds no row and does nothing.
 */
async function removeInstances(db: DbExecutor, userId: string, ids: string[], onlyPending = false) {
  const deleted = await repo.deleteInstances(db, userId, ids, onlyPending);
  return deleted.length;
}

/**
 * The entities that exist for the person acting: null means all of them; a member limited
 * to some finds the occurrences of others absent (404) in the list, the calendar and writes.
 */
export interface EntityAccess {
  entityIds: string[] | null;
}
const ALL: EntityAccess = { entityIds: null };
const isVisible = (companyId: string | null, access: EntityAccess = ALL) =>
  entityVisible(access, companyId);

/** Who schedules, and what exists for them (a workspace's member). */
export interface ScheduleActing {
  actorId?: string;
  access?: EntityAccess;
}

export function createSchedulesService(deps: SchedulesDeps) {
  const { db } = deps;

  async function zoneFor(userId: string, requested: string | null | undefined) {
    if (requested) return requested; // canonicalised by the route's TimeZoneSchema
    return (await deps.savedTimeZone(userId)) ?? 'UTC';
  }

  async function checkNetworks(userId: string, companyId: string, networks: NetworkId[]) {
    const connections = await repo.findActiveConnections(db, companyId, networks);
    for (const network of networks) {
      if (!connections.some((connection) => connection.network === network)) {
        throw AppError.badRequest(
          SCHEDULE_MESSAGES.networkNotConnected(NETWORK_TEXT_NAMES[network]),
          'NETWORK_NOT_CONNECTED',
        );
      }
    }
    const { allowedNetworks } = await getEntitlements(db, userId);
    const outside = networks.find((network) => !allowedNetworks.includes(network));
    if (outside) {
      throw AppError.forbidden(
        SCHEDULE_MESSAGES.networkNotOnPlan(NETWORK_TEXT_NAMES[outside]),
        'NETWORK_NOT_ON_PLAN',
      );
    }
    return connections;
  }

  /** What `create` and `createAtPickedTime` share: every check, one transaction, the jobs. */
  /** The occurrences among `ids` whose entity exists for `access` (all of them for all). */
  async function visibleIds(userId: string, ids: string[], access: EntityAccess) {
    if (access.entityIds === null) return ids;
    const rows = await repo.loadInstances(db, userId, ids);
    return rows
      .filter((row) => isVisible(row.company?.id ?? null, access))
      .map((row) => row.instance.id);
  }

  async function schedulePost(
    userId: string,
    input: PickedScheduleInput,
    timing: { input: ScheduleInput } | { pick: TimePicker },
    acting: ScheduleActing = {},
  ) {
    const post = await repo.findOwnedPost(db, userId, input.post_id);
    if (!post || !isVisible(post.companyId, acting.access))
      throw AppError.notFound(POST_MESSAGES.notFound, 'POST_NOT_FOUND');
    if (!post.companyId) {
      throw AppError.badRequest(SCHEDULE_MESSAGES.postHasNoEntity, 'POST_HAS_NO_ENTITY');
    }
    const companyId = post.companyId;
    const networks = [...new Set(input.social_account_type)];
    const connections = await checkNetworks(userId, companyId, networks);
    // Instagram publishes images and videos only: say so now, not at publishing time.
    const sendsMedia = (network: NetworkId) =>
      networkHasMedia(post.variants, network, post.hasMedia);
    if (networks.some((network) => networkNeedsMedia(network) && !sendsMedia(network))) {
      throw AppError.badRequest(SCHEDULE_MESSAGES.instagramNeedsMedia, 'INSTAGRAM_NEEDS_MEDIA');
    }
    const zone = await zoneFor(userId, input.timezone);
    let planned:
      | {
          firstAt: Date;
          repeatType: RepeatType | null;
          repeatUntil: Date | null;
          occurrences: Date[];
        }
      | undefined;
    if ('input' in timing) {
      const given = timing.input;
      const firstAt = new Date(given.schedule_date);
      if (!isScheduleDateInFuture(given.schedule_date, deps.clock().getTime())) {
        throw AppError.badRequest(SCHEDULE_MESSAGES.futureDateTime, 'DATE_NOT_IN_FUTURE');
      }
      const repeatType = given.repeat_type ?? null;
      const repeatUntil = repeatType && given.repeat_until ? new Date(given.repeat_until) : null;
      const keepWallClock = repeatType ? await deps.savedAutoDst(userId) : true;
      const occurrences = expandOccurrences({
        first: firstAt,
        zone,
        repeatType,
        repeatUntil,
        keepWallClock,
      });
      planned = { firstAt, repeatType, repeatUntil, occurrences };
    }
    const created = await db.transaction(async (tx) => {
      let plan = planned;
      if (!plan) {
        const firstAt = await (timing as { pick: TimePicker }).pick(tx, { companyId, networks });
        plan = { firstAt, repeatType: null, repeatUntil: null, occurrences: [firstAt] };
      }
      const inserted = await repo.insertSchedule(tx, {
        userId,
        createdBy: acting.actorId ?? userId,
        postId: post.id,
        networks,
        ...plan,
        timezone: zone,
      });
      await deps.createPublications(
        tx,
        inserted.instances.flatMap((instance) =>
          connections.map((connection) => ({
            instanceId: instance.id,
            network: connection.network,
            connectionId: connection.id,
            accountName: connection.accountName,
          })),
        ),
      );
      return inserted;
    });
    const rows = await repo.loadInstances(
      db,
      userId,
      created.instances.map((instance) => instance.id),
    );
    return { id: created.scheduleId, instances: rows.map(toScheduledInstance) };
  }

  return {
    /** The calendar's occurrences of a range; moving one (drag or 'Move to...'). */
    ...createOccurrences(deps),

    /** Company delete: its posts stay, but what was waiting to go out for them must not. */
    async cancelPendingOfCompany(userId: string, companyId: string) {
      const ids = await repo.findPendingInstanceIdsOfCompany(db, userId, companyId);
      if (ids.length === 0) return 0;
      return removeInstances(db, userId, ids, true);
    },

    create: (userId: string, input: ScheduleInput, acting: ScheduleActing = {}) =>
      schedulePost(userId, input, { input }, acting),

    /**
     * Schedules a post once, at the time `pick` answers inside the schedule's transaction
     * (the queue's next open slot), after every check `create` makes of the post and its
     * networks. `pick` may lock and read in that transaction, so that two posts placed at
     * once see each other.
     */
    createAtPickedTime: (
      userId: string,
      input: PickedScheduleInput,
      pick: TimePicker,
      acting: ScheduleActing = {},
    ) => schedulePost(userId, input, { pick }, acting),

    async list(
      userId: string,
      query: {
        page: number;
        pageSize: number;
        company_id?: string;
        post_id?: string;
        from?: string;
        to?: string;
      },
      access: EntityAccess = ALL,
    ) {
      const filter = {
        userId,
        onlyCompanyIds: access.entityIds ?? undefined,
        companyId: query.company_id,
        postId: query.post_id,
        from: query.from ? new Date(query.from) : undefined,
        to: query.to ? new Date(query.to) : undefined,
      };
      const { ids, total } = await repo.pageInstanceIds(db, filter, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
        countLimit: listCountLimit(query.page, query.pageSize),
      });
      const rows = await repo.loadInstances(db, userId, ids);
      return {
        rows: rows.map(toScheduledInstance),
        count: total.count,
        count_is_exact: total.isExact,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async calendar(
      userId: string,
      query: { from: string; to: string; company_id?: string; timezone?: string },
      access: EntityAccess = ALL,
    ): Promise<{ days: CalendarDay[] }> {
      const zone = await zoneFor(userId, query.timezone);
      const from = new Date(query.from);
      const to = new Date(query.to);
      // The route's CalendarQuerySchema has checked that the range is forward and at most 400 days.
      const rows = await repo.calendarDays(db, {
        userId,
        from,
        to,
        zone,
        ...(query.company_id ? { companyId: query.company_id } : {}),
        ...(access.entityIds ? { onlyCompanyIds: access.entityIds } : {}),
        perDay: CALENDAR_POPUP_MAX_POSTS,
      });
      const days = new Map<string, CalendarDay>();
      for (const row of rows) {
        const day = days.get(row.day) ?? { date: row.day, count: Number(row.total), posts: [] };
        days.set(row.day, day);
        if (row.id && row.scheduled_for) {
          day.posts.push({
            id: row.id,
            scheduled_for: new Date(row.scheduled_for).toISOString(),
            content: row.content ?? '',
            publish_status: postPublishStatusOf(
              row.status ? [{ status: row.status, scheduled_for: row.scheduled_for }] : [],
            ),
          });
        }
      }
      return { days: [...days.values()] };
    },

    async remove(userId: string, id: string, access: EntityAccess = ALL) {
      const count = await removeInstances(db, userId, await visibleIds(userId, [id], access));
      if (count === 0) throw notFound();
      return count;
    },

    async removeMany(userId: string, ids: string[], access: EntityAccess = ALL) {
      const unique = [...new Set(ids)];
      const count = await removeInstances(db, userId, await visibleIds(userId, unique, access));
      if (count === 0) throw notFound();
      return count;
    },
  };
}

export type SchedulesService = ReturnType<typeof createSchedulesService>;
