import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import {
  madeWithin,
  MAX_READ_PAGES,
  networkTime,
  sameText,
  sinceSeconds,
} from './find-published.js';
import {
  GraphInsightsSchema,
  graphListSchema,
  insightNumbers,
  isGoneError,
} from './meta-graph-request.js';
import { containerKey, keptContainerId, keptContainerValue, takeOverOf } from './kept-container.js';
import { postMetrics } from './metrics-read.js';
import { retryRead } from './read-retry.js';
import { buildThreadsContainer } from './threads-content.js';
import { callThreads, type ThreadsCall } from './threads-http.js';
import {
  NetworkError,
  NO_SLOT,
  type MetricsRead,
  type NetworkAdapter,
  type ThreadsCredentials,
} from './types.js';

export interface ThreadsAdapterConfig {
  /** `https://graph.threads.net/v1.0` in production (version included). */
  baseUrl: string;
  timeoutMs?: number;
  /** Pause between checks of a media container that is still being processed. */
  statusPollMs?: number;
  /** How long to wait for a media container before giving up (a retry starts over). */
  maxStatusWaitMs?: number;
}

const MeSchema = z.object({
  id: z.string(),
  username: z.string().optional(),
  name: z.string().optional(),
});
const IdSchema = z.object({ id: z.string() });
const StatusSchema = z.object({ status: z.string(), error_message: z.string().optional() });
const PermalinkSchema = z.object({ permalink: z.string() });
/** `GET /me/threads?fields=id,text,timestamp,permalink`: the account's posts, newest first. */
const ThreadsListSchema = graphListSchema(
  z.object({
    id: z.string(),
    text: z.string().optional(),
    timestamp: z.string().optional(),
    permalink: z.string().optional(),
  }),
);

export function createThreadsAdapter(
  config: ThreadsAdapterConfig,
): NetworkAdapter<ThreadsCredentials> {
  const base = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  const statusPollMs = config.statusPollMs ?? 2_000;
  const maxStatusWaitMs = config.maxStatusWaitMs ?? 60_000;
  const call = (request: ThreadsCall, credentials: ThreadsCredentials) =>
    callThreads(base, request, credentials.accessToken, timeoutMs);
  /** A GET that changes nothing: a passing failure is asked again in place. */
  const read = (request: ThreadsCall & { method: 'GET' }, credentials: ThreadsCredentials) =>
    retryRead(() => call(request, credentials));

  function parse<T>(
    schema: z.ZodType<T>,
    body: unknown,
    what: string,
    kind: 'transient' | 'unconfirmed' = 'transient',
  ): T {
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new NetworkError('threads', kind, `Threads answered without ${what}`);
    return parsed.data;
  }

  /**
   * Media containers are processed asynchronously; publishing one before it is FINISHED fails
   * ("Media ID is not available"), so check its status first (API reference 6.2).
   */
  async function waitUntilReady(containerId: string, credentials: ThreadsCredentials) {
    const deadline = Date.now() + maxStatusWaitMs;
    for (;;) {
      const body = await read(
        {
          method: 'GET',
          path: `/${encodeURIComponent(containerId)}`,
          params: { fields: 'status,error_message' },
        },
        credentials,
      );
      const { status, error_message } = parse(StatusSchema, body, 'the media status');
      if (status === 'FINISHED' || status === 'PUBLISHED') return;
      if (status === 'ERROR') {
        throw new NetworkError(
          'threads',
          'invalid',
          error_message ?? 'Threads could not process the media',
        );
      }
      if (status === 'EXPIRED' || Date.now() + statusPollMs > deadline) {
        throw new NetworkError(
          'threads',
          'transient',
          'Threads did not finish processing the media in time',
        );
      }
      await sleep(statusPollMs);
    }
  }

  /**
   * The media container an earlier attempt made for this very content and kept, when Threads
   * says it is still unpublished and ready or processing; else null (decision 134).
   */
  async function keptContainer(
    kept: string | null | undefined,
    key: string,
    credentials: ThreadsCredentials,
  ) {
    const id = keptContainerId(kept, key);
    if (!id) return null;
    try {
      const body = await read(
        { method: 'GET', path: `/${encodeURIComponent(id)}`, params: { fields: 'status' } },
        credentials,
      );
      const takeOver = takeOverOf(StatusSchema.safeParse(body).data?.status);
      return takeOver ? { id, isReady: takeOver === 'ready' } : null;
    } catch {
      // Unreadable: a new container, as if none had been kept.
      return null;
    }
  }

  return {
    id: 'threads',
    preparesBeforePublishing: () => true,
    metricsBatch: 1,

    async readMetrics(externalIds, credentials) {
      const read: MetricsRead = new Map();
      const [id] = externalIds;
      if (!id) return read;
      let body: unknown;
      try {
        body = await call(
          {
            method: 'GET',
            path: `/${encodeURIComponent(id)}/insights`,
            params: { metric: 'views,likes,replies,reposts,quotes' },
          },
          credentials,
        );
      } catch (error) {
        if (isGoneError(error)) return read.set(id, 'gone');
        throw error;
      }
      const insights = parse(GraphInsightsSchema, body, "the post's insights");
      return read.set(
        id,
        postMetrics(insightNumbers(insights), {
          likes: ['likes'],
          comments: ['replies'],
          shares: ['reposts', 'quotes'],
          impressions: 'views',
        }),
      );
    },

    async readFollowers(credentials) {
      const user = encodeURIComponent(credentials.userId ?? 'me');
      const body = await call(
        {
          method: 'GET',
          path: `/${user}/threads_insights`,
          params: { metric: 'followers_count' },
        },
        credentials,
      );
      const numbers = insightNumbers(parse(GraphInsightsSchema, body, "the account's insights"));
      return typeof numbers.followers_count === 'number' ? numbers.followers_count : null;
    },

    async verify(credentials) {
      const body = await call(
        { method: 'GET', path: '/me', params: { fields: 'id,username,name' } },
        credentials,
      );
      const me = parse(MeSchema, body, 'the account details');
      return { accountId: me.id, accountName: me.username ?? me.name ?? me.id };
    },

    async findPublished(post, credentials, window) {
      const sent = buildThreadsContainer(post).text ?? '';
      let after: string | undefined;
      for (let page = 0; page < MAX_READ_PAGES; page++) {
        const params: Record<string, string> = {
          fields: 'id,text,timestamp,permalink',
          since: String(sinceSeconds(window)),
          limit: '100',
        };
        if (after) params.after = after;
        const list = parse(
          ThreadsListSchema,
          await read({ method: 'GET', path: '/me/threads', params }, credentials),
          "the account's posts",
        );
        const found = list.data.find(
          (item) => madeWithin(networkTime(item.timestamp), window) && sameText(sent, item.text),
        );
        if (found) return { externalId: found.id, url: found.permalink ?? null };
        after = list.paging?.cursors?.after;
        if (!list.paging?.next || !after) break;
      }
      return null;
    },

    async publish(post, credentials, context = NO_SLOT) {
      const container = buildThreadsContainer(post);
      // `me` is documented as an alias, so a connection verified before ids were stored still works.
      const user = encodeURIComponent(credentials.userId ?? 'me');
      // Only a media container is worth keeping: a text one is ready at once.
      const key = post.media ? containerKey(credentials.userId ?? 'me', container) : null;
      const kept = key ? await keptContainer(post.kept, key, credentials) : null;
      const created =
        kept ??
        parse(
          IdSchema,
          await call({ method: 'POST', path: `/${user}/threads`, params: container }, credentials),
          'a container id',
        );
      // Kept while it processes, so that a worker dying now leaves it to the next attempt.
      const keeping = key && !kept ? context.keep(keptContainerValue(key, created.id)) : undefined;
      // Processing takes seconds: the account's slot serves its other posts meanwhile.
      if (post.media && !kept?.isReady) {
        await context.outsideSlot(() => waitUntilReady(created.id, credentials));
      }
      await keeping;
      await context.beforePublishCall();
      const published = parse(
        IdSchema,
        await call(
          {
            method: 'POST',
            path: `/${user}/threads_publish`,
            params: { creation_id: created.id },
            isPublish: true,
          },
          credentials,
        ),
        'the post id',
        'unconfirmed',
      );
      // The post is live by now: a failed permalink read must not turn success into failure.
      context.releaseSlot();
      const url = await read(
        {
          method: 'GET',
          path: `/${encodeURIComponent(published.id)}`,
          params: { fields: 'id,permalink' },
        },
        credentials,
      ).then(
        (body) => PermalinkSchema.safeParse(body).data?.permalink ?? null,
        () => null,
      );
      return { externalId: published.id, url };
    },
  };
}
