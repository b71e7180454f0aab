import {
  isConnectionNotice,
  isReviewNotice,
  DEFAULT_BRAND,
  NOTIFICATION_KIND_TITLES,
  type MarkNotificationsRead,
  type NetworkId,
  type NotificationEventList,
  type NotificationSettings,
  type TeamRole,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { NotificationEventRow, NotificationKind } from '../../db/schema/notifications.js';
import type { Mailer } from '../../integrations/mail.js';
import type { JobPort } from '../../jobs/port.js';
import type { Clock } from '../../lib/clock.js';
import { notificationMail } from './notification-mail.js';
import * as repo from './notifications.repository.js';

/** At most one mail per connection (group) in this window. */
export const MAIL_GROUP_WINDOW_MS = 60 * 60 * 1000;

export interface NotificationsDeps {
  db: Db;
  /** The notification-mail job (one waiting per customer). */
  mailJobs: JobPort<{ userId: string }>;
  mailer: Mailer;
  clock: Clock;
  logger: FastifyBaseLogger;
  /** How long the first event waits for others before the mail goes (a burst = one digest). */
  mailDelaySeconds: number;
  publicUrl: string;
  /** The brand of the workspace a mail is sent for: its sender name and header. */
  brandOf?: (workspaceId: string) => Promise<{ name: string; accent_color: string }>;
  /**
   * The people an event about an entity concerns in a workspace (its owner and the members
   * for whom the entity exists; only some roles when given). Absent: the owner alone.
   */
  peopleConcerned?: (
    workspaceId: string,
    entityId: string | null,
    roles?: readonly TeamRole[],
  ) => Promise<string[]>;
  /** Whether a person is the workspace's owner or a member now. Absent: the owner alone. */
  belongsTo?: (workspaceId: string, personId: string) => Promise<boolean>;
}

/** What happened in a workspace; everyone it concerns is told, each by their own settings. */
export interface PublishingEvent {
  /** The workspace it happened in (its owner's id). */
  workspaceId: string;
  kind: NotificationKind;
  postId: string | null;
  companyId: string | null;
  network: NetworkId | null;
  message: string;
}

function toSettings(row: Awaited<ReturnType<typeof repo.findSettings>>): NotificationSettings {
  return {
    email_publication_failures: row?.emailPublicationFailures ?? true,
    email_reconnect: row?.emailReconnect ?? true,
    email_reviews: row?.emailReviews ?? true,
  };
}

function toEvent(row: NotificationEventRow) {
  return {
    id: row.id,
    kind: row.kind,
    title: NOTIFICATION_KIND_TITLES[row.kind],
    message: row.message,
    post_id: row.postId,
    company_id: row.companyId,
    network: row.network,
    is_read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A review's notice: for one person (the author, or one of the reviewers). */
export interface ReviewEvent extends Omit<PublishingEvent, 'network'> {
  userId: string;
}

/** Who manages webhook endpoints: the owner and managers hear of one being disabled. */
const MANAGING: readonly TeamRole[] = ['owner', 'manager'];

/** Settings, the bell's list, and the events the publisher records. */
export function createNotificationsService(deps: NotificationsDeps) {
  const { db, clock } = deps;
  const peopleConcerned =
    deps.peopleConcerned ?? ((workspaceId: string) => Promise.resolve([workspaceId]));
  const belongsTo =
    deps.belongsTo ??
    ((workspaceId: string, personId: string) => Promise.resolve(workspaceId === personId));

  /**
   * Records the event for one person and, when they want that mail, queues their mail job
   * (a no-op while one already waits).
   */
  async function recordFor(userId: string, event: PublishingEvent) {
    const settings = toSettings(await repo.findSettings(db, userId));
    const aboutConnection = isConnectionNotice(event.kind);
    const groupKey = isReviewNotice(event.kind)
      ? `review:${event.postId ?? 'none'}`
      : `${event.companyId ?? 'none'}:${event.network ?? 'none'}`;
    // A connection that needs reconnecting fails every post it has: each person is mailed
    // once for it (until it is connected again); each post still shows in the bell.
    const alreadyMailed =
      event.kind === 'connection_reconnect' &&
      event.companyId !== null &&
      event.network !== null &&
      (await repo.hasReconnectMailSinceConnected(db, {
        userId,
        groupKey,
        companyId: event.companyId,
        network: event.network,
      }));
    const wantsMail =
      !alreadyMailed &&
      (isReviewNotice(event.kind)
        ? settings.email_reviews
        : aboutConnection
          ? settings.email_reconnect
          : settings.email_publication_failures);
    await repo.insertEvent(db, {
      ...event,
      userId,
      groupKey,
      mailState: wantsMail ? 'pending' : 'off',
      createdAt: clock(),
    });
    if (wantsMail) await queueMail(userId, deps.mailDelaySeconds);
  }

  const queueMail = (userId: string, delaySeconds: number) =>
    deps.mailJobs.send(
      { userId },
      { startAfter: new Date(clock().getTime() + delaySeconds * 1000) },
    );

  return {
    /** The mail job's work: see `sendPendingNotificationMail`. */
    sendPendingMail: (userId: string) =>
      sendPendingNotificationMail({ ...deps, queueMail }, userId),

    /**
     * A post's review (submitted, approved, changes asked), for one person's bell and mail,
     * while they are still in the workspace. Never throws.
     */
    async recordReview({ userId, ...event }: ReviewEvent) {
      try {
        if (!(await belongsTo(event.workspaceId, userId))) return;
        await recordFor(userId, { ...event, network: null });
      } catch (error) {
        deps.logger.error({ err: error, kind: event.kind }, 'could not record a notification');
      }
    },

    async readSettings(userId: string): Promise<NotificationSettings> {
      return toSettings(await repo.findSettings(db, userId));
    },

    async saveSettings(
      userId: string,
      input: Omit<NotificationSettings, 'email_reviews'> & { email_reviews?: boolean | undefined },
    ): Promise<NotificationSettings> {
      const row = await repo.upsertSettings(
        db,
        userId,
        {
          emailPublicationFailures: input.email_publication_failures,
          emailReconnect: input.email_reconnect,
          ...(input.email_reviews === undefined ? {} : { emailReviews: input.email_reviews }),
        },
        clock(),
      );
      return toSettings(row);
    },

    async listEvents(
      userId: string,
      query: { page: number; page_size: number },
    ): Promise<NotificationEventList> {
      const [rows, counts] = await Promise.all([
        repo.listEvents(db, userId, {
          limit: query.page_size,
          offset: (query.page - 1) * query.page_size,
        }),
        repo.countEvents(db, userId),
      ]);
      return {
        rows: rows.map(toEvent),
        total: counts.total,
        unread: counts.unread,
        page: query.page,
        page_size: query.page_size,
      };
    },

    async markRead(userId: string, input: MarkNotificationsRead) {
      const updated = await repo.markRead(db, userId, 'all' in input ? 'all' : input.ids, clock());
      return { updated, unread: (await repo.countEvents(db, userId)).unread };
    },

    /**
     * Records what the publisher (or the token sweep, or webhooks) saw for everyone it
     * concerns: the workspace's owner and the members for whom the entity exists, each by
     * their own settings. Never throws: a notification must not make a publication fail.
     */
    async record(event: PublishingEvent) {
      try {
        const people = await peopleConcerned(
          event.workspaceId,
          event.companyId,
          event.kind === 'webhook_disabled' ? MANAGING : undefined,
        );
        for (const userId of new Set(people)) {
          try {
            await recordFor(userId, event);
          } catch (error) {
            deps.logger.error(
              { err: error, kind: event.kind, userId },
              'could not record a notification',
            );
          }
        }
      } catch (error) {
        deps.logger.error({ err: error, kind: event.kind }, 'could not record a notification');
      }
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

/**
 * The mail job of one customer: every pending event goes into one mail, except those of a
 * connection that already had a mail within the hour, which wait for the hour to pass
 * (the job is queued again for then). Answers what it sent.
 */
async function sendPendingNotificationMail(
  deps: {
    db: Db;
    mailer: Mailer;
    clock: Clock;
    publicUrl: string;
    queueMail: (userId: string, delaySeconds: number) => Promise<unknown>;
    brandOf?: NotificationsDeps['brandOf'];
  },
  userId: string,
): Promise<{ mailed: number; held: number }> {
  const { db } = deps;
  const now = deps.clock();
  await repo.dropMailOfLeftWorkspaces(db, userId);
  const pending = await repo.listPendingMail(db, userId);
  if (pending.length === 0) return { mailed: 0, held: 0 };
  const lastMailed = await repo.lastMailedByGroup(db, userId, [
    ...new Set(pending.map((event) => event.groupKey)),
  ]);
  const ready: string[] = [];
  let nextAt: number | undefined;
  for (const event of pending) {
    const last = lastMailed.get(event.groupKey)?.getTime();
    if (last !== undefined && now.getTime() - last < MAIL_GROUP_WINDOW_MS) {
      const at = last + MAIL_GROUP_WINDOW_MS;
      nextAt = nextAt === undefined ? at : Math.min(nextAt, at);
    } else {
      ready.push(event.id);
    }
  }
  const held = pending.length - ready.length;
  const claimed = await repo.claimForMail(db, ready, now);
  if (claimed.length > 0) {
    const recipient = await repo.findRecipient(db, userId);
    if (recipient) {
      try {
        // The workspace's brand, when it has one and the mail is about that workspace alone:
        // the sender's name and the mail's header.
        const workspaces = new Set(claimed.map((event) => event.workspaceId));
        const [workspaceId] = workspaces;
        const brand =
          deps.brandOf && workspaces.size === 1 && workspaceId
            ? await deps.brandOf(workspaceId)
            : undefined;
        await deps.mailer.send({
          to: recipient.email,
          ...notificationMail({
            name: recipient.name,
            events: claimed,
            publicUrl: deps.publicUrl,
            ...(brand ? { brand } : {}),
          }),
          ...(brand && brand.name !== DEFAULT_BRAND.name ? { fromName: brand.name } : {}),
        });
      } catch (error) {
        await repo.releaseFromMail(
          db,
          claimed.map((event) => event.id),
        );
        throw error; // the job is retried
      }
    }
  }
  if (nextAt !== undefined) {
    await deps.queueMail(userId, Math.max(1, Math.ceil((nextAt - now.getTime()) / 1000)));
  }
  return { mailed: claimed.length, held };
}
