import { apiPublicationOf } from '../webhooks/index.js';
import {
  COMPANY_MESSAGES,
  connectionStatusOf,
  NETWORK_NAMES,
  POST_MESSAGES,
  PUBLIC_API_MESSAGES,
  PUBLICATION_ACTION_SCOPES,
  PUBLICATION_MESSAGES,
  reconnectDeadline,
  type ApiConnection,
  type ApiEntity,
  type ApiListQuery,
  type ApiPost,
  type ApiPostCreateInput,
  type ApiPostListQuery,
  type ApiPostUpdateInput,
  type ApiPublication,
  type ApiSchedule,
  type ApiScheduleCreate,
  type Post,
  type PostMetrics,
  type PublicationAction,
} from '@cadence/shared';
import type { Db } from '../../db/client.js';
import type { CompanyRow } from '../../db/schema/companies.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { assertScope, mayUseEntity, type ApiCaller } from '../api-keys/index.js';
import type { CompaniesService } from '../companies/index.js';
import { mediaOfUpload, type PostsService, type StoredMedia } from '../posts/index.js';
import {
  findPublicationPost,
  listPublicationsOfPosts,
  type PublicationActions,
  type PublicationOfPost,
} from '../publishing/index.js';
import type { SchedulesService } from '../schedules/index.js';
import { storageKeyOfUrl, type UploadsService } from '../uploads/index.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { etagOf, matchesIfMatch } from './etag.js';

export interface PublicApiDeps {
  db: Db;
  clock: Clock;
  companies: Pick<CompaniesService, 'listPage' | 'findOwned' | 'connectionsOf'>;
  posts: Pick<
    PostsService,
    'listAfter' | 'get' | 'create' | 'update' | 'remove' | 'assertNotSent' | 'assertMediaFree'
  >;
  schedules: Pick<SchedulesService, 'create'>;
  publicationActions: PublicationActions;
  uploads: Pick<UploadsService, 'findMedia' | 'idsOfKeys'>;
  /** Each of a customer's post's publications with its latest numbers (the metrics module's). */
  postMetrics: (userId: string, postId: string) => Promise<PostMetrics>;
}

/** A list's page as the API answers it. */
export interface ApiPage<T> {
  data: T[];
  next_cursor: string | null;
}

/** A post as the API answers it, with the ETag of that answer. */
export interface TaggedPost {
  post: ApiPost;
  etag: string;
}

const entityNotFound = () => AppError.notFound(COMPANY_MESSAGES.notFound, 'COMPANY_NOT_FOUND');
const postNotFound = () => AppError.notFound(POST_MESSAGES.notFound, 'POST_NOT_FOUND');
const publicationNotFound = () =>
  AppError.notFound(PUBLICATION_MESSAGES.notFound, 'PUBLICATION_NOT_FOUND');
const mediaNotFound = () => AppError.notFound(PUBLIC_API_MESSAGES.mediaNotFound, 'MEDIA_NOT_FOUND');

function toApiEntity(row: CompanyRow): ApiEntity {
  return {
    id: row.id,
    name: row.name,
    website: row.website,
    industry: row.industry,
    custom_industry: row.customIndustry,
    description: row.description,
    logo_url: row.logoUrl,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** One network's publication as the Scheduling page shows it. */
export function toApiPublication({ publication, instance }: PublicationOfPost): ApiPublication {
  return apiPublicationOf(publication, instance.scheduledFor);
}

/** One page and the cursor after its last row; `limit + 1` rows were asked for. */
function pageOf<T, R>(
  rows: Array<{ position: { at: string; id: string } } & T>,
  limit: number,
  map: (row: T) => R,
): { items: R[]; next_cursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(map),
    next_cursor: rows.length > limit && last ? encodeCursor(last.position) : null,
  };
}

/**
 * The public API's service: what `/api/v1` (and any other door for programs) does for an
 * API key's caller, over the web app's own services. Every function checks the key's scope
 * and its entities itself, so it can be called without an HTTP request.
 */
export function createPublicApiService(deps: PublicApiDeps) {
  const { db, companies, posts } = deps;

  async function visibleEntity(caller: ApiCaller, id: string): Promise<CompanyRow> {
    if (!mayUseEntity(caller, id)) throw entityNotFound();
    const row = await companies.findOwned(caller.user.id, id);
    if (!row) throw entityNotFound();
    return row;
  }

  /** The customer's post, when the key may see its entity; 404 otherwise. */
  async function visiblePost(caller: ApiCaller, id: string): Promise<Post> {
    const post = await posts.get(caller.user.id, id);
    if (!mayUseEntity(caller, post.company_id)) throw postNotFound();
    return post;
  }

  /** Posts with their publications and their media's upload ids, in the API's shape. */
  async function toApiPosts(userId: string, list: Post[]): Promise<ApiPost[]> {
    const ids = list.map((post) => post.id);
    const [publications, uploadIds] = await Promise.all([
      listPublicationsOfPosts(db, userId, ids),
      deps.uploads.idsOfKeys(
        userId,
        list.flatMap((post) =>
          post.attachments.flatMap((file) => storageKeyOfUrl(file.media_url) ?? []),
        ),
      ),
    ]);
    return list.map((post) => ({
      id: post.id,
      entity_id: post.company_id,
      content: post.content,
      url: post.url,
      media: post.attachments.map((file) => ({
        id: uploadIds.get(storageKeyOfUrl(file.media_url) ?? '') ?? file.id,
        url: file.media_url,
        type: file.mime_type,
        name: file.name,
      })),
      networks: post.platforms,
      variants: post.variants,
      thread: post.thread,
      first_comment: post.first_comment,
      scheduled_for: post.scheduled_for,
      status: post.publish_status ?? 'not_scheduled',
      next_scheduled_at: post.next_scheduled_at,
      created_at: post.created_at,
      updated_at: post.updated_at,
      publications: publications
        .filter((row) => row.instance.postId === post.id)
        .map(toApiPublication),
    }));
  }

  async function tagged(userId: string, post: Post): Promise<TaggedPost> {
    const [api] = await toApiPosts(userId, [post]);
    if (!api) throw postNotFound();
    return { post: api, etag: etagOf(api) };
  }

  /** The stored media a post may take, from the upload id the caller names. */
  async function mediaById(userId: string, id: string, forPostId?: string): Promise<StoredMedia> {
    const upload = await deps.uploads.findMedia(userId, id);
    const media = upload ? mediaOfUpload(upload) : undefined;
    if (!media) throw mediaNotFound();
    await posts.assertMediaFree(media.key, forPostId);
    return media;
  }

  return {
    async listEntities(caller: ApiCaller, query: ApiListQuery): Promise<ApiPage<ApiEntity>> {
      assertScope(caller, 'read');
      const rows = await companies.listPage(caller.user.id, {
        limit: query.limit + 1,
        after: decodeCursor(query.cursor),
        onlyIds: caller.entityIds,
      });
      const { items, next_cursor } = pageOf(rows, query.limit, ({ row }) => toApiEntity(row));
      return { data: items, next_cursor };
    },

    async getEntity(caller: ApiCaller, id: string): Promise<ApiEntity> {
      assertScope(caller, 'read');
      return toApiEntity(await visibleEntity(caller, id));
    },

    async listConnections(caller: ApiCaller, entityId: string): Promise<ApiConnection[]> {
      assertScope(caller, 'read');
      await visibleEntity(caller, entityId);
      const now = deps.clock();
      const connections = await companies.connectionsOf(caller.user.id, entityId);
      return connections.map((connection) => ({
        network: connection.network,
        name: connection.accountName ?? NETWORK_NAMES[connection.network],
        status: connectionStatusOf(connection, now),
        expires_at: reconnectDeadline(connection)?.toISOString() ?? null,
      }));
    },

    async listPosts(caller: ApiCaller, query: ApiPostListQuery): Promise<ApiPage<ApiPost>> {
      assertScope(caller, 'read');
      if (query.entity_id) await visibleEntity(caller, query.entity_id);
      const rows = await posts.listAfter(
        caller.user.id,
        {
          companyId: query.entity_id,
          status: query.status,
          onlyCompanyIds: caller.entityIds ?? undefined,
          scheduledFrom: query.from ? new Date(query.from) : undefined,
          scheduledTo: query.to ? new Date(query.to) : undefined,
        },
        { limit: query.limit + 1, after: decodeCursor(query.cursor) },
      );
      const { items, next_cursor } = pageOf(rows, query.limit, ({ post }) => post);
      return { data: await toApiPosts(caller.user.id, items), next_cursor };
    },

    async getPost(caller: ApiCaller, id: string): Promise<TaggedPost> {
      assertScope(caller, 'read');
      return tagged(caller.user.id, await visiblePost(caller, id));
    },

    /** The post's publications with their latest numbers, as the post's view shows them. */
    async getPostMetrics(caller: ApiCaller, id: string): Promise<PostMetrics> {
      assertScope(caller, 'read');
      const post = await visiblePost(caller, id);
      return deps.postMetrics(caller.user.id, post.id);
    },

    /**
     * Creates the post as the post form does; with `scheduled_for` and `networks` it is
     * scheduled as the Schedule dialog would (its checks and messages), or not made at all.
     */
    async createPost(caller: ApiCaller, body: ApiPostCreateInput): Promise<TaggedPost> {
      assertScope(caller, 'write');
      const userId = caller.user.id;
      if (!mayUseEntity(caller, body.entity_id))
        throw AppError.notFound(POST_MESSAGES.entityNotFound, 'COMPANY_NOT_FOUND');
      const mediaId = body.media_ids?.[0];
      const media = mediaId ? await mediaById(userId, mediaId) : null;
      const networks = body.networks ?? [];
      const at = body.scheduled_for;
      const post = await posts.create(
        userId,
        {
          company_id: body.entity_id,
          content: body.content,
          url: body.url ?? null,
          platforms: networks,
          ...(body.variants !== undefined ? { variants: body.variants } : {}),
          ...(body.thread !== undefined ? { thread: body.thread } : {}),
          ...(body.first_comment !== undefined ? { first_comment: body.first_comment } : {}),
          scheduled_for: at ?? null,
        },
        media,
        {
          isMediaUploadedBefore: true,
          // The person behind the key writes it (the owner for keys made before members).
          actorId: caller.actorId,
          ...(at
            ? {
                schedule: (postId: string) =>
                  deps.schedules.create(
                    userId,
                    { post_id: postId, social_account_type: networks, schedule_date: at },
                    { actorId: caller.actorId },
                  ),
              }
            : {}),
        },
      );
      return tagged(userId, post);
    },

    /**
     * Changes content, url or media. With `ifMatch` (the ETag the caller read) a post
     * changed since is refused with 412 and left as it is; a post already (possibly) on a
     * network is refused with 409.
     */
    async updatePost(
      caller: ApiCaller,
      id: string,
      body: ApiPostUpdateInput,
      ifMatch?: string,
    ): Promise<TaggedPost> {
      assertScope(caller, 'write');
      const userId = caller.user.id;
      const current = await tagged(userId, await visiblePost(caller, id));
      if (ifMatch !== undefined && !matchesIfMatch(ifMatch, current.etag)) {
        throw new AppError(412, 'PRECONDITION_FAILED', PUBLIC_API_MESSAGES.stale);
      }
      await posts.assertNotSent(userId, id);
      const currentMediaId = current.post.media[0]?.id;
      const wantedMediaId = body.media_ids === undefined ? currentMediaId : body.media_ids[0];
      const isMediaChanged = wantedMediaId !== currentMediaId;
      const media =
        isMediaChanged && wantedMediaId ? await mediaById(userId, wantedMediaId, id) : null;
      const post = await posts.update(
        userId,
        id,
        {
          ...(body.content !== undefined ? { content: body.content } : {}),
          ...(body.url !== undefined ? { url: body.url } : {}),
          ...(body.variants !== undefined ? { variants: body.variants } : {}),
          ...(body.thread !== undefined ? { thread: body.thread } : {}),
          ...(body.first_comment !== undefined ? { first_comment: body.first_comment } : {}),
          ...(isMediaChanged && !wantedMediaId ? { remove_media: true } : {}),
        },
        media,
        { isMediaUploadedBefore: true, actorId: caller.actorId },
      );
      return tagged(userId, post);
    },

    /** Deletes the post; what had not gone out yet is cancelled. */
    async deletePost(caller: ApiCaller, id: string): Promise<void> {
      assertScope(caller, 'write');
      await visiblePost(caller, id);
      await posts.remove(caller.user.id, id);
    },

    /** Schedules the post as the Schedule dialog does (same checks, same messages). */
    async schedulePost(
      caller: ApiCaller,
      id: string,
      body: ApiScheduleCreate,
    ): Promise<ApiSchedule> {
      assertScope(caller, 'write');
      const userId = caller.user.id;
      await visiblePost(caller, id);
      const created = await deps.schedules.create(
        userId,
        { post_id: id, social_account_type: body.networks, schedule_date: body.scheduled_for },
        { actorId: caller.actorId },
      );
      const instanceIds = new Set(created.instances.map((instance) => instance.id));
      const publications = (await listPublicationsOfPosts(db, userId, [id])).filter((row) =>
        instanceIds.has(row.instance.id),
      );
      return {
        id: created.id,
        post_id: id,
        scheduled_for:
          created.instances[0]?.scheduled_for ?? new Date(body.scheduled_for).toISOString(),
        networks: [...new Set(publications.map((row) => row.publication.network))],
        publications: publications.map(toApiPublication),
      };
    },

    /**
     * The post a deletion would act on, for a door that tells first what it would do (the
     * MCP server's `delete_post` without `confirm`): the deletion's scope and visibility.
     */
    async postForDeletion(caller: ApiCaller, id: string): Promise<ApiPost> {
      assertScope(caller, 'write');
      return (await tagged(caller.user.id, await visiblePost(caller, id))).post;
    },

    /**
     * A publication and its post, for a door that tells first what an action would do: the
     * action's scope and the same visibility as the action itself.
     */
    async publicationForAction(
      caller: ApiCaller,
      id: string,
      action: PublicationAction,
    ): Promise<{ publication: ApiPublication; post: ApiPost }> {
      assertScope(caller, PUBLICATION_ACTION_SCOPES[action]);
      const userId = caller.user.id;
      const owner = await findPublicationPost(db, userId, id);
      if (!owner || !mayUseEntity(caller, owner.companyId)) throw publicationNotFound();
      const { post } = await tagged(userId, await posts.get(userId, owner.postId));
      const publication = post.publications.find((candidate) => candidate.id === id);
      if (!publication) throw publicationNotFound();
      return { publication, post };
    },

    /**
     * The Scheduling page's actions on one publication: the same states allowed, the same
     * answers (409 when it has moved on). Sending to a network needs the `publish` scope.
     */
    async publicationAction(
      caller: ApiCaller,
      id: string,
      action: PublicationAction,
      url?: string,
    ): Promise<ApiPublication> {
      assertScope(caller, PUBLICATION_ACTION_SCOPES[action]);
      const userId = caller.user.id;
      const owner = await findPublicationPost(db, userId, id);
      if (!owner || !mayUseEntity(caller, owner.companyId)) throw publicationNotFound();
      const actions = deps.publicationActions;
      switch (action) {
        case 'publish-now':
          await actions.publishNow(userId, id);
          break;
        case 'retry':
          await actions.retry(userId, id);
          break;
        case 'confirm-absent':
          await actions.confirmAbsent(userId, id);
          break;
        case 'mark-published':
          await actions.markPublished(userId, id, url ?? '');
          break;
      }
      const row = (await listPublicationsOfPosts(db, userId, [owner.postId])).find(
        (candidate) => candidate.publication.id === id,
      );
      if (!row) throw publicationNotFound();
      return toApiPublication(row);
    },
  };
}

export type PublicApiService = ReturnType<typeof createPublicApiService>;
