import {
  DEFAULT_POST_TONE,
  listCountLimit,
  NETWORK_IDS,
  NETWORK_TEXT_NAMES,
  networkHasMedia,
  networkMediaProblem,
  ownMediaIdOf,
  POST_VARIANT_MESSAGES,
  PUBLIC_API_MESSAGES,
  postTextProblems,
  POST_MESSAGES,
  SCHEDULE_MESSAGES,
  postStatusOf,
  type NetworkId,
  type Post,
  type PostList,
  type PostUsage,
  type SortedPostListQuerySchema,
} from '@cadence/shared';
import type { z } from 'zod';
import type { Db, DbExecutor } from '../../db/client.js';
import type { PostRow } from '../../db/schema/posts.js';
import { AppError } from '../../errors.js';
import { entityVisible } from '../../lib/entity-scope.js';
import type { Storage } from '../../integrations/storage.js';
import type { Clock } from '../../lib/clock.js';
import type { KeysetPosition } from '../../lib/keyset.js';
import type { Logger } from '../../logger.js';
import { sendBackToReview } from '../approvals/index.js';
import { getEntitlements } from '../plans/index.js';
import { recordWebhookEvent } from '../webhooks/index.js';
import { mediaOfUpload, type StoredMedia } from './media.js';
import { requireFieldsAfterEdit, type ParsedPostFields } from './post-fields.js';
import * as listQueries from './posts-list.repository.js';
import * as repo from './posts.repository.js';

export type PostListQuery = z.output<typeof SortedPostListQuerySchema>;

const notFound = () => AppError.notFound(POST_MESSAGES.notFound, 'POST_NOT_FOUND');
const entityNotFound = () => AppError.notFound(POST_MESSAGES.entityNotFound, 'COMPANY_NOT_FOUND');
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toPost(row: listQueries.PostListRow): Post {
  const { post } = row;
  return {
    id: post.id,
    company_id: post.companyId,
    company: row.company
      ? { id: row.company.id, name: row.company.name, logo_url: row.company.logoUrl }
      : null,
    content: post.content,
    url: post.url,
    shortened_url: post.shortenedUrl,
    url_shortened: post.urlShortened,
    scheduled_for: post.scheduledFor?.toISOString() ?? null,
    tone: post.tone,
    platforms: post.platforms,
    variants: post.variants,
    thread: post.thread,
    first_comment: post.firstComment,
    status: postStatusOf(post.scheduledFor),
    attachments: row.attachments.map((attachment) => ({
      id: attachment.id,
      media_url: attachment.mediaUrl,
      name: attachment.name,
      mime_type: attachment.mimeType,
    })),
    variant_media: variantMediaOf(row),
    has_schedules: row.hasSchedules,
    created_by: row.author,
    publish_status: row.publishStatus,
    next_scheduled_at: row.nextScheduledAt,
    review_state: row.reviewState,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
  };
}

/** Each network's own file (named by its variant), as the post form shows it. */
function variantMediaOf(row: listQueries.PostListRow): Post['variant_media'] {
  const shown: NonNullable<Post['variant_media']> = {};
  for (const network of NETWORK_IDS) {
    const id = ownMediaIdOf(row.post.variants, network);
    const upload = id === null ? undefined : row.variantMedia.find((each) => each.id === id);
    const media = upload && mediaOfUpload({ ...upload, sizeBytes: Number(upload.sizeBytes) });
    if (!upload || !media) continue;
    shown[network] = {
      id: upload.id,
      media_url: media.url,
      name: media.name,
      mime_type: media.mimeType,
    };
  }
  return shown;
}

function toAttachmentValues(media: StoredMedia): repo.AttachmentValues {
  return {
    mediaUrl: media.url,
    storageKey: media.key,
    name: media.name,
    mimeType: media.mimeType,
    sizeBytes: media.sizeBytes,
  };
}

/** The calendar month of an instant in UTC, as 'YYYY-MM' (the monthly limit's key). */
export function utcMonth(instant: Date): string {
  return instant.toISOString().slice(0, 7);
}

/** Schedules a post to networks (the schedules service's create, with its own checks). */
export type ScheduleFromPost = (
  userId: string,
  input: { post_id: string; social_account_type: NetworkId[]; schedule_date: string },
  /** The person whose form set the time: the schedule records them. */
  actorId?: string,
) => Promise<unknown>;

/** How a post's write is asked for, beyond its fields (the public API's needs). */
export interface PostWriteOptions {
  /**
   * The media is a file uploaded earlier and named by id (the public API's `media_ids`):
   * a refused write leaves it stored for another try, instead of removing it.
   */
  isMediaUploadedBefore?: boolean;
  /**
   * Schedules the new post in place of the post form's own scheduling (the Schedule
   * dialog's rules, for the public API); if it refuses, the post is not created at all.
   */
  schedule?: (postId: string) => Promise<unknown>;
  /**
   * Who writes it (the person acting in the workspace): its `created_by` on create, its
   * `updated_by` on an edit, and the author its review knows. Absent: the workspace's owner.
   */
  actorId?: string;
  /** The entities that exist for the person acting. */
  access?: PostAccess;
}

/**
 * What exists for the person asking: `entityIds` null means every entity; otherwise posts
 * of other entities (and posts without one) are absent (404) in every list and look-up.
 */
export interface PostAccess {
  entityIds: string[] | null;
}

const ALL: PostAccess = { entityIds: null };

/** Whether a post of `companyId` exists for `access` (the one rule: lib/entity-scope.ts). */
function isVisible(companyId: string | null, access: PostAccess) {
  return entityVisible(access, companyId);
}

/** A publication state in which the post may be on the network already. */
const SENT_STATUSES = ['publishing', 'published', 'unconfirmed'] as const;

export interface PostsServiceDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
  logger: Logger;
  /**
   * A schedule time set in the post form makes the post go out then, to its platforms: the
   * form's date is a promise to publish, not a note.
   */
  scheduleFromPost?: ScheduleFromPost;
  /**
   * A media file the workspace uploaded, by id (a variant's own `media_ids`): undefined for
   * an unknown id or another's (the uploads service's `findMedia`).
   */
  findMedia?: (
    userId: string,
    id: string,
  ) => Promise<{ storageKey: string; sizeBytes: number } | undefined>;
}

export function createPostsService(deps: PostsServiceDeps) {
  const { db, storage, clock } = deps;

  /** The post's webhook event, in the transaction of its change (the outbox). */
  function recordPostEvent(
    tx: DbExecutor,
    type: 'post.created' | 'post.updated' | 'post.deleted',
    row: Pick<
      PostRow,
      'id' | 'userId' | 'companyId' | 'content' | 'url' | 'createdAt' | 'updatedAt'
    >,
  ) {
    const data =
      type === 'post.deleted'
        ? { id: row.id, entity_id: row.companyId }
        : {
            id: row.id,
            entity_id: row.companyId,
            content: row.content,
            url: row.url,
            created_at: row.createdAt.toISOString(),
            updated_at: row.updatedAt.toISOString(),
          };
    return recordWebhookEvent(tx, {
      userId: row.userId,
      type,
      entityId: row.companyId,
      at: clock(),
      data,
    });
  }

  /** Deletes the post with its `post.deleted` event; answers whether it was there. */
  function deleteWithEvent(userId: string, row: Parameters<typeof recordPostEvent>[2]) {
    return db.transaction(async (tx) => {
      if (!(await repo.deletePost(tx, userId, row.id))) return false;
      await recordPostEvent(tx, 'post.deleted', row);
      return true;
    });
  }

  async function loadPost(userId: string, id: string, access: PostAccess = ALL): Promise<Post> {
    const row = await listQueries.findPostListRow(db, userId, id);
    if (!row || !isVisible(row.post.companyId, access)) throw notFound();
    return toPost(row);
  }

  /** Schedules the post at its time to its platforms; the schedules service checks the rest. */
  async function scheduleAt(
    userId: string,
    postId: string,
    at: Date,
    platforms: NetworkId[],
    hasMedia: boolean,
    variants: repo.PostValues['variants'],
    actorId?: string,
  ) {
    if (!deps.scheduleFromPost) return;
    if (platforms.length === 0) {
      throw AppError.badRequest(SCHEDULE_MESSAGES.noNetworks, 'NO_NETWORKS');
    }
    // A text post still goes out to the rest when the entity also has Instagram.
    const usable = platforms.filter(
      (network) => network !== 'instagram' || networkHasMedia(variants, network, hasMedia),
    );
    if (usable.length === 0) {
      throw AppError.badRequest(SCHEDULE_MESSAGES.instagramNeedsMedia, 'INSTAGRAM_NEEDS_MEDIA');
    }
    await deps.scheduleFromPost(
      userId,
      { post_id: postId, social_account_type: usable, schedule_date: at.toISOString() },
      actorId,
    );
  }

  async function assertOwnCompany(userId: string, companyId: string, access: PostAccess = ALL) {
    if (
      !UUID.test(companyId) ||
      !isVisible(companyId, access) ||
      !(await repo.isOwnCompany(db, userId, companyId))
    ) {
      throw entityNotFound();
    }
  }

  /** Files are removed after the rows: a failed removal leaves an orphan, never a dead link. */
  async function removeFiles(keys: string[]) {
    for (const key of keys) {
      try {
        await storage.remove(key);
      } catch (error) {
        deps.logger.warn({ err: error, key }, 'could not remove a media file');
      }
    }
  }

  /**
   * A network's own media (`variants.<network>.media_ids: [id]`) is one of the workspace's
   * uploaded files of a type and size that network takes (the shared rules): 400 otherwise.
   */
  async function assertVariantMedia(userId: string, variants: repo.PostValues['variants']) {
    for (const network of NETWORK_IDS) {
      const id = ownMediaIdOf(variants, network);
      if (id === null) continue;
      const name = NETWORK_TEXT_NAMES[network];
      const upload = UUID.test(id) ? await deps.findMedia?.(userId, id) : undefined;
      const media = upload && mediaOfUpload(upload);
      if (!media) {
        throw AppError.badRequest(
          POST_VARIANT_MESSAGES.variantMediaNotFound(name),
          'VARIANT_MEDIA_NOT_FOUND',
        );
      }
      const problem = networkMediaProblem(network, media);
      if (problem) throw AppError.badRequest(problem, 'VARIANT_MEDIA_REFUSED');
    }
  }

  async function monthlyLimitReached(executor: DbExecutor, userId: string) {
    const limit = (await getEntitlements(executor, userId)).maxPostsPerMonth;
    if (limit === null) return null;
    const used = await repo.countPostsMadeIn(executor, userId, utcMonth(clock()));
    return used >= limit ? limit : null;
  }

  return {
    /** This month's posts against the plan's allowance, for the meter before a new post. */
    async monthlyUsage(userId: string): Promise<PostUsage> {
      const entitlements = await getEntitlements(db, userId);
      const used = await repo.countPostsMadeIn(db, userId, utcMonth(clock()));
      return { used, limit: entitlements.maxPostsPerMonth, plan_name: entitlements.planName };
    },

    async list(userId: string, query: PostListQuery, access: PostAccess = ALL): Promise<PostList> {
      const resolved = await listQueries.resolvePostFilter(db, userId, {
        companyId: query.company_id,
        status: query.status,
        search: query.q || undefined,
      });
      const filter =
        access.entityIds === null ? resolved : { ...resolved, onlyCompanyIds: access.entityIds };
      const { rows, total } = await listQueries.listPostPageCounted(db, userId, filter, {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
        countLimit: listCountLimit(query.page, query.pageSize),
        sort: query.sort,
      });
      return {
        rows: rows.map(toPost),
        count: total.count,
        count_is_exact: total.isExact,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** One post of the customer (links in notifications and logs open it). */
    get: loadPost,

    async assertOwnPost(userId: string, id: string, access: PostAccess = ALL) {
      const row = await repo.findPost(db, userId, id);
      if (!row || !isVisible(row.companyId, access)) throw notFound();
    },

    /**
     * Refuses early when the month's posts are used up, before a large upload is taken in.
     * The count that decides is the one in `create`, under the lock.
     */
    async assertCanCreate(userId: string) {
      const limit = await monthlyLimitReached(db, userId);
      if (limit !== null) {
        throw AppError.forbidden(POST_MESSAGES.monthlyLimit(limit), 'POST_MONTHLY_LIMIT');
      }
    },

    /** `fields` passed the route's `PostCreateBodySchema` (company and content present). */
    async create(
      userId: string,
      fields: ParsedPostFields,
      media: StoredMedia | null,
      options: PostWriteOptions = {},
    ): Promise<Post> {
      try {
        const companyId = fields.company_id ?? '';
        await assertOwnCompany(userId, companyId, options.access);
        const values = { ...toValues(fields, companyId), createdBy: options.actorId ?? userId };
        assertTextsFit(values, media !== null);
        await assertVariantMedia(userId, values.variants);
        const row = await db.transaction(async (tx) => {
          await repo.lockMonthlyPosts(tx, userId);
          const limit = await monthlyLimitReached(tx, userId);
          if (limit !== null) {
            throw AppError.forbidden(POST_MESSAGES.monthlyLimit(limit), 'POST_MONTHLY_LIMIT');
          }
          const post = await repo.insertPost(tx, userId, values, clock());
          if (media) await repo.insertAttachment(tx, post.id, toAttachmentValues(media));
          await repo.recordPostMade(tx, userId, utcMonth(post.createdAt));
          await recordPostEvent(tx, 'post.created', post);
          return post;
        });
        if (options.schedule || values.scheduledFor) {
          try {
            if (options.schedule) await options.schedule(row.id);
            else if (values.scheduledFor)
              await scheduleAt(
                userId,
                row.id,
                values.scheduledFor,
                values.platforms,
                !!media,
                values.variants,
                options.actorId,
              );
          } catch (error) {
            // A post whose promised time cannot be kept is not created at all.
            await deleteWithEvent(userId, row);
            await repo.recordPostMade(db, userId, utcMonth(row.createdAt), -1);
            throw error;
          }
        }
        return await loadPost(userId, row.id);
      } catch (error) {
        if (media && !options.isMediaUploadedBefore) await removeFiles([media.key]);
        throw error;
      }
    },

    /** `fields` passed the route's `PostEditBodySchema`. */
    async update(
      userId: string,
      id: string,
      fields: ParsedPostFields,
      media: StoredMedia | null,
      options: Pick<PostWriteOptions, 'isMediaUploadedBefore' | 'access' | 'actorId'> = {},
    ) {
      try {
        const existing = await repo.findPost(db, userId, id);
        if (!existing || !isVisible(existing.companyId, options.access ?? ALL)) throw notFound();
        requireFieldsAfterEdit(fields, {
          company_id: existing.companyId,
          content: existing.content,
        });
        const companyId = fields.company_id ?? existing.companyId ?? '';
        if (companyId !== existing.companyId)
          await assertOwnCompany(userId, companyId, options.access);
        const values = toValues(
          {
            ...fields,
            url: fields.url === undefined ? existing.url : fields.url,
            shortened_url:
              fields.shortened_url === undefined ? existing.shortenedUrl : fields.shortened_url,
            url_shortened: fields.url_shortened ?? existing.urlShortened,
            tone: fields.tone === undefined ? existing.tone : fields.tone,
            platforms: fields.platforms ?? existing.platforms,
            content: fields.content ?? existing.content,
            variants: fields.variants ?? existing.variants,
            thread: fields.thread ?? existing.thread,
            first_comment:
              fields.first_comment === undefined ? existing.firstComment : fields.first_comment,
            scheduled_for:
              fields.scheduled_for === undefined
                ? (existing.scheduledFor?.toISOString() ?? null)
                : fields.scheduled_for,
          },
          companyId,
        );
        const keepsMedia =
          fields.remove_media !== true && (await repo.listAttachments(db, [id])).length > 0;
        assertTextsFit(values, media !== null || keepsMedia);
        if (fields.variants !== undefined) await assertVariantMedia(userId, values.variants);
        // A newly set time schedules the post, unless it already waits to go out (the
        // Scheduling page manages those).
        const newTime = values.scheduledFor;
        if (
          newTime &&
          newTime.getTime() !== existing.scheduledFor?.getTime() &&
          !(await repo.hasPendingInstances(db, id))
        ) {
          await scheduleAt(
            userId,
            id,
            newTime,
            values.platforms,
            media !== null || keepsMedia,
            values.variants,
            options.actorId,
          );
        }
        const isMediaReplaced = media !== null || fields.remove_media === true;
        const removedKeys = await db.transaction(async (tx) => {
          const row = await repo.updatePost(
            tx,
            userId,
            id,
            { ...values, updatedBy: options.actorId ?? userId },
            clock(),
          );
          if (!row) throw notFound();
          await recordPostEvent(tx, 'post.updated', row);
          // An approval was given to what the post said: new text or media needs a new one.
          if (isContentChanged(existing, values) || isMediaReplaced) {
            await sendBackToReview(tx, id, clock());
          }
          if (!isMediaReplaced) return [];
          const keys = await repo.deleteAttachments(tx, id);
          if (media) await repo.insertAttachment(tx, id, toAttachmentValues(media));
          return keys;
        });
        // The same file named again stays: only the files it replaced go.
        await removeFiles(removedKeys.filter((key) => key !== media?.key));
        return await loadPost(userId, id);
      } catch (error) {
        if (media && !options.isMediaUploadedBefore) await removeFiles([media.key]);
        throw error;
      }
    },

    /**
     * A page of the customer's posts, newest first, after a keyset position (the public
     * API's lists); each post with its position, for the next page's cursor.
     */
    async listAfter(
      userId: string,
      filter: listQueries.ResolvedPostFilter,
      page: { limit: number; after?: KeysetPosition | undefined },
    ): Promise<Array<{ post: Post; position: KeysetPosition }>> {
      const rows = await listQueries.listPostsAfter(db, userId, filter, page);
      return rows.map(({ row, position }) => ({ post: toPost(row), position }));
    },

    /**
     * A post that may already be on a network (being sent, sent, or unconfirmed) cannot be
     * changed there any more: 409, naming those networks.
     */
    async assertNotSent(userId: string, id: string) {
      const sent = await repo.listNetworksInStates(db, userId, id, SENT_STATUSES);
      if (sent.length === 0) return;
      const names = [...new Set(sent)].map((network) => NETWORK_TEXT_NAMES[network]);
      throw AppError.conflict(
        PUBLIC_API_MESSAGES.alreadySent(names.join(', ')),
        'POST_ALREADY_SENT',
      );
    },

    /** A post has its own media file: one attached to another post cannot be named again. */
    async assertMediaFree(storageKey: string, forPostId?: string) {
      if (await repo.isAttachedElsewhere(db, storageKey, forPostId)) {
        throw AppError.conflict(PUBLIC_API_MESSAGES.mediaInUse, 'MEDIA_IN_USE');
      }
    },

    /**
     * Deletes the post and its file; its occurrences go with it, and with them their publish
     * runs (each occurrence is its own job, decision 130).
     */
    async remove(userId: string, id: string, access: PostAccess = ALL) {
      const existing = await repo.findPost(db, userId, id);
      if (!existing || !isVisible(existing.companyId, access)) throw notFound();
      const keys = (await repo.listAttachments(db, [id])).map((row) => row.storageKey);
      // Schedules, occurrences, publications and attachment rows go by ON DELETE CASCADE.
      if (!(await deleteWithEvent(userId, existing))) throw notFound();
      await removeFiles(keys);
    },
  };
}

/** Whether an edit changes what would be published (its text or link). */
function isContentChanged(before: PostRow, after: repo.PostValues): boolean {
  return (
    before.content !== after.content ||
    before.url !== after.url ||
    before.shortenedUrl !== after.shortenedUrl ||
    before.urlShortened !== after.urlShortened ||
    before.firstComment !== after.firstComment ||
    JSON.stringify(before.variants) !== JSON.stringify(after.variants) ||
    JSON.stringify(before.thread) !== JSON.stringify(after.thread)
  );
}

/**
 * Each network's own text within that network's limit, each thread part and the first comment
 * within the limits of the networks the post is for (all of them while none is chosen): 400
 * with the first problem's words.
 */
function assertTextsFit(values: repo.PostValues, hasMedia: boolean) {
  const networks = values.platforms.length > 0 ? values.platforms : [...NETWORK_IDS];
  const link = values.urlShortened && values.shortenedUrl ? values.shortenedUrl : values.url;
  const [problem] = postTextProblems(
    {
      content: values.content,
      variants: values.variants,
      thread: values.thread,
      first_comment: values.firstComment,
    },
    networks,
    { link, hasMedia },
  );
  if (problem) throw AppError.badRequest(problem.message, 'POST_TEXT_OVER_LIMIT');
}

type ValuesInput = Omit<ParsedPostFields, 'tone'> & { tone?: string | null | undefined };

/** The row values of a post: the tone defaults. */
function toValues(fields: ValuesInput, companyId: string): repo.PostValues {
  const scheduledFor = fields.scheduled_for ? new Date(fields.scheduled_for) : null;
  return {
    companyId,
    content: fields.content ?? '',
    url: fields.url ?? null,
    shortenedUrl: fields.shortened_url ?? null,
    urlShortened: fields.url_shortened ?? false,
    scheduledFor,
    tone: fields.tone ?? DEFAULT_POST_TONE,
    platforms: fields.platforms ?? [],
    variants: fields.variants ?? {},
    thread: fields.thread ?? [],
    firstComment: fields.first_comment ?? null,
  };
}

export type PostsService = ReturnType<typeof createPostsService>;
