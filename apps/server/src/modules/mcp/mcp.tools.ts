import {
  ApiListQuerySchema,
  ApiPostCreateSchema,
  ApiPostListQuerySchema,
  ApiPostUpdateSchema,
  ApiScheduleCreateSchema,
  COMPANY_MESSAGES,
  NETWORK_IDS,
  NETWORK_TEXT_NAMES,
  networkRules,
  POST_MESSAGES,
  POST_STATUS_FILTERS,
  PUBLIC_API_MESSAGES,
  PUBLICATION_MESSAGES,
  publicationActionsFor,
  publicationConflictMessage,
  SCHEDULE_MESSAGES,
  type ApiPost,
  type PublicationAction,
} from '@cadence/shared';
import { z } from 'zod';
import { assertScope, type ApiCaller } from '../api-keys/index.js';
import type { PublicApiService } from '../public-api/index.js';
import { AppError } from '../../errors.js';
import { invalidInput } from '../../plugins/error-handler.js';

/**
 * The MCP server's tools. Each one is a public API route seen by an agent: the same service
 * function, the same checks (the routes' own schemas from packages/shared), the same answer
 * body as the route (`{ message, data }`, lists with `next_cursor`). The input schemas below
 * only describe the arguments to the agent; the shared schemas decide.
 */
export interface McpTool {
  name: string;
  title: string;
  description: string;
  annotations: {
    readOnlyHint: boolean;
    destructiveHint: boolean;
    idempotentHint: boolean;
    openWorldHint: boolean;
  };
  input: z.ZodRawShape;
  run(caller: ApiCaller, args: Record<string, unknown>): Promise<object>;
}

/** The arguments, checked by the route's own schema: its messages, its 400. */
function checked<T extends z.core.$ZodType>(schema: T, value: unknown): z.output<T> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw invalidInput(result.error.issues);
  return result.data;
}

/** An id the route takes in its path: a malformed one names nothing, 404 as on the route. */
const idOf = (message: string) => (value: unknown) => {
  const result = z.uuid().safeParse(value);
  if (!result.success) throw AppError.notFound(message, 'NOT_FOUND');
  return result.data;
};
const entityId = idOf(COMPANY_MESSAGES.notFound);
const postId = idOf(POST_MESSAGES.notFound);
const publicationId = idOf(PUBLICATION_MESSAGES.notFound);

const pick = (args: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((key) => args[key] !== undefined).map((key) => [key, args[key]]));

const describe = {
  entityId: z.string().describe("An entity's id (list_entities)"),
  postId: z.string().describe("A post's id (list_posts, create_post)"),
  publicationId: z
    .string()
    .describe("A publication's id: one network's publishing of a post (get_post's publications)"),
  limit: z.number().int().min(1).max(100).optional().describe('Page size, 1-100 (25 by default)'),
  cursor: z
    .string()
    .optional()
    .describe('The next_cursor of the previous page; leave out for the first page'),
  content: z.string().describe("The post's text"),
  url: z.string().nullable().optional().describe('A link to go with the post'),
  mediaIds: z
    .array(z.string())
    .max(1)
    .optional()
    .describe('The id of one uploaded media file (POST /api/v1/media); [] removes it'),
  networks: z
    .array(z.enum(NETWORK_IDS))
    .describe('Network ids; only networks connected for the entity (list_connections)'),
  scheduledFor: z
    .string()
    .describe('When to publish: ISO 8601 with an offset, in the future (2026-05-01T09:00:00Z)'),
  confirm: z
    .boolean()
    .optional()
    .describe(
      'true only after the person agreed; without it nothing is done and the answer says what would be',
    ),
};

const READ = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

/** Publications the deletion cancels (not out yet) and those that stay on their networks. */
function deletionSummary(post: ApiPost) {
  const cancelled = post.publications.filter((row) => row.status === 'pending');
  const stay = post.publications.filter((row) =>
    ['published', 'publishing', 'unconfirmed'].includes(row.status),
  );
  return { cancelled, stay };
}

const excerpt = (text: string) => (text.length > 80 ? `${text.slice(0, 77)}...` : text);

/** What a tool that needs `confirm: true` answers without it: what it would do, and to ask. */
function unconfirmed(would: string, data: object) {
  return {
    message: `${would} Nothing was done. Ask the person first; if they agree, call this tool again with confirm: true.`,
    data: { confirmed: false, would, ...data },
  };
}

function actionTool(
  api: PublicApiService,
  name: string,
  title: string,
  action: Extract<PublicationAction, 'publish-now' | 'retry'>,
  description: string,
): McpTool {
  return {
    name,
    title,
    description,
    annotations: {
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
      openWorldHint: true,
    },
    input: { publication_id: describe.publicationId, confirm: describe.confirm },
    async run(caller, args) {
      const id = publicationId(args.publication_id);
      if (args.confirm !== true) {
        const { publication, post } = await api.publicationForAction(caller, id, action);
        const network = NETWORK_TEXT_NAMES[publication.network];
        const allowed = publicationActionsFor(publication.status).includes(action);
        const would = allowed
          ? `This would send post "${excerpt(post.content)}" to ${network} now, where it becomes public.`
          : `This cannot be done now: ${publicationConflictMessage(publication.status)}`;
        return unconfirmed(would, { publication, post_id: post.id, entity_id: post.entity_id });
      }
      const data = await api.publicationAction(caller, id, action);
      return { message: PUBLICATION_MESSAGES.done[action], data };
    },
  };
}

export function mcpTools(api: PublicApiService): McpTool[] {
  return [
    {
      name: 'list_entities',
      title: 'List entities',
      description:
        'The entities (companies or brands) this key may post for, newest first, a page at a time.',
      annotations: READ,
      input: { limit: describe.limit, cursor: describe.cursor },
      async run(caller, args) {
        const query = checked(ApiListQuerySchema, pick(args, ['limit', 'cursor']));
        return {
          message: PUBLIC_API_MESSAGES.entitiesFetched,
          ...(await api.listEntities(caller, query)),
        };
      },
    },
    {
      name: 'list_connections',
      title: 'List connected networks',
      description:
        "An entity's connected networks with their status: connected, expiring (within 7 days) or needs_reconnect (posts to it fail until the person reconnects it in Cadence).",
      annotations: READ,
      input: { entity_id: describe.entityId },
      async run(caller, args) {
        const data = await api.listConnections(caller, entityId(args.entity_id));
        return { message: PUBLIC_API_MESSAGES.connectionsFetched, data, next_cursor: null };
      },
    },
    {
      name: 'get_network_rules',
      title: 'Network text and media limits',
      description:
        "Each network's text limit (and how it counts), and the media a post may carry. Check a post against them before creating or scheduling it.",
      annotations: READ,
      input: {},
      run(caller) {
        assertScope(caller, 'read');
        return Promise.resolve({
          message: 'Network rules fetched successfully',
          data: networkRules(),
        });
      },
    },
    {
      name: 'list_posts',
      title: 'List posts',
      description:
        'Posts with their publications (one per network and time), newest first, a page at a time. status filters by the Posts table status; from and to keep posts with a publication scheduled in [from, to).',
      annotations: READ,
      input: {
        entity_id: describe.entityId.optional(),
        status: z.enum(POST_STATUS_FILTERS).optional(),
        from: z.string().optional().describe('ISO 8601 with an offset'),
        to: z.string().optional().describe('ISO 8601 with an offset, after from'),
        limit: describe.limit,
        cursor: describe.cursor,
      },
      async run(caller, args) {
        const query = checked(
          ApiPostListQuerySchema,
          pick(args, ['entity_id', 'status', 'from', 'to', 'limit', 'cursor']),
        );
        return {
          message: PUBLIC_API_MESSAGES.postsFetched,
          ...(await api.listPosts(caller, query)),
        };
      },
    },
    {
      name: 'get_post',
      title: 'Get a post',
      description:
        "One post with its publications: each network's status (pending, publishing, published, failed, unconfirmed, missed), link once published, and error. etag is what update_post takes as if_match.",
      annotations: READ,
      input: { post_id: describe.postId },
      async run(caller, args) {
        const { post, etag } = await api.getPost(caller, postId(args.post_id));
        return { message: PUBLIC_API_MESSAGES.postFetched, data: post, etag };
      },
    },
    {
      name: 'get_post_metrics',
      title: "Get a post's numbers",
      description:
        "Each of a post's publications with its latest numbers from its network (likes, comments, shares, impressions: null where the network gives none), clicks on the post's short link, the network's raw numbers by their own names, and read_at, when they were read (null: not read yet). Numbers are read by the post's age: hourly at first, then less often, never after 30 days.",
      annotations: READ,
      input: { post_id: describe.postId },
      async run(caller, args) {
        const data = await api.getPostMetrics(caller, postId(args.post_id));
        return { message: PUBLIC_API_MESSAGES.postFetched, data };
      },
    },
    {
      name: 'create_post',
      title: 'Create a post',
      description:
        'Creates a post for an entity. With networks and scheduled_for it is also scheduled, with the same checks as the Schedule dialog (networks connected and on the plan, a future time, Instagram needs media); if scheduling is refused no post is made. Scheduled posts are published publicly at that time.',
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
      input: {
        entity_id: describe.entityId,
        content: describe.content,
        url: describe.url,
        media_ids: describe.mediaIds,
        networks: describe.networks.optional(),
        scheduled_for: describe.scheduledFor.optional(),
      },
      async run(caller, args) {
        const body = checked(
          ApiPostCreateSchema,
          pick(args, ['entity_id', 'content', 'url', 'media_ids', 'networks', 'scheduled_for']),
        );
        const { post, etag } = await api.createPost(caller, body);
        return { message: POST_MESSAGES.created, data: post, etag };
      },
    },
    {
      name: 'update_post',
      title: 'Change a post',
      description:
        "Changes a post's content, url or media (fields left out stay). Pass the etag from get_post as if_match so a post changed meanwhile is not overwritten (PRECONDITION_FAILED). A post already sent to a network cannot be changed.",
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false,
      },
      input: {
        post_id: describe.postId,
        content: describe.content.optional(),
        url: describe.url,
        media_ids: describe.mediaIds,
        if_match: z.string().optional().describe('The etag get_post answered'),
      },
      async run(caller, args) {
        const id = postId(args.post_id);
        const body = checked(ApiPostUpdateSchema, pick(args, ['content', 'url', 'media_ids']));
        const ifMatch = typeof args.if_match === 'string' ? args.if_match : undefined;
        const { post, etag } = await api.updatePost(caller, id, body, ifMatch);
        return { message: POST_MESSAGES.updated, data: post, etag };
      },
    },
    {
      name: 'schedule_post',
      title: 'Schedule a post',
      description:
        'Schedules an existing post to networks at a future time, as the Schedule dialog does. At that time it is published publicly.',
      annotations: {
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true,
      },
      input: {
        post_id: describe.postId,
        networks: describe.networks,
        scheduled_for: describe.scheduledFor,
      },
      async run(caller, args) {
        const id = postId(args.post_id);
        const body = checked(ApiScheduleCreateSchema, pick(args, ['networks', 'scheduled_for']));
        const data = await api.schedulePost(caller, id, body);
        return { message: SCHEDULE_MESSAGES.scheduled, data };
      },
    },
    {
      name: 'delete_post',
      title: 'Delete a post',
      description:
        'Deletes a post; its publications not yet sent are cancelled. Published posts stay on their networks. Does nothing unless confirm is true: first call it without confirm, tell the person what it answers, and ask.',
      annotations: {
        readOnlyHint: false,
        destructiveHint: true,
        idempotentHint: true,
        openWorldHint: false,
      },
      input: { post_id: describe.postId, confirm: describe.confirm },
      async run(caller, args) {
        const id = postId(args.post_id);
        if (args.confirm !== true) {
          const post = await api.postForDeletion(caller, id);
          const { cancelled, stay } = deletionSummary(post);
          const names = (rows: typeof stay) =>
            [...new Set(rows.map((row) => NETWORK_TEXT_NAMES[row.network]))].join(', ');
          const would = [
            `This would delete post "${excerpt(post.content)}" for good.`,
            cancelled.length > 0
              ? `${cancelled.length} publication(s) waiting to go out would be cancelled.`
              : '',
            stay.length > 0
              ? `It is already on (or being sent to) ${names(stay)}: it stays there, public, and must be removed on the network itself.`
              : '',
          ]
            .filter(Boolean)
            .join(' ');
          return unconfirmed(would, { post });
        }
        await api.deletePost(caller, id);
        return { message: POST_MESSAGES.deleted, data: { id, deleted: true } };
      },
    },
    actionTool(
      api,
      'publish_now',
      'Publish now',
      'publish-now',
      'Publishes a pending publication now instead of at its time: the post becomes public on that network. Does nothing unless confirm is true: first call it without confirm, tell the person what it answers, and ask.',
    ),
    actionTool(
      api,
      'retry_publication',
      'Retry a publication',
      'retry',
      'Sends a failed or missed publication again now: the post becomes public on that network. Never for an unconfirmed one (it may already be there: the person checks the account). Does nothing unless confirm is true: first call it without confirm, tell the person what it answers, and ask.',
    ),
  ];
}
