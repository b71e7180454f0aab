import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { checkInstagramContent, type InstagramContent } from './instagram-content.js';
import {
  madeWithin,
  MAX_READ_PAGES,
  networkTime,
  sameText,
  sinceSeconds,
} from './find-published.js';
import {
  callGraph,
  GraphInsightsSchema,
  graphListSchema,
  insightNumbers,
  isGoneError,
  listGraphPages,
  type GraphClientConfig,
} from './meta-graph-request.js';
import { containerKey, keptContainerId, keptContainerValue, takeOverOf } from './kept-container.js';
import { postMetrics } from './metrics-read.js';
import { retryRead } from './read-retry.js';
import {
  NetworkError,
  NO_SLOT,
  type InstagramCredentials,
  type MetricsRead,
  type NetworkAdapter,
  type VerifiedAccount,
} from './types.js';

export interface InstagramConfig {
  /** Graph API root with its version, e.g. https://graph.facebook.com/v25.0 */
  baseUrl: string;
  timeoutMs?: number;
  /** Wait between media container status checks. */
  pollIntervalMs?: number;
  /** Status checks before giving up on a container that is still processing. */
  maxPolls?: number;
}

const LinkedPageSchema = z.object({
  id: z.string(),
  instagram_business_account: z.object({ id: z.string() }).optional(),
});
const ProfileSchema = z.object({
  id: z.string(),
  username: z.string().optional(),
  name: z.string().optional(),
});
const IdSchema = z.object({ id: z.string() });
const ContainerStatusSchema = z.object({
  status_code: z.string().optional(),
  status: z.string().optional(),
});
const PermalinkSchema = z.object({ permalink: z.string().optional() });
/** `GET /{ig-user-id}/media?fields=id,caption,timestamp,permalink`, newest first. */
const MediaListSchema = graphListSchema(
  z.object({
    id: z.string(),
    caption: z.string().optional(),
    timestamp: z.string().optional(),
    permalink: z.string().optional(),
  }),
);

const FollowersSchema = z.object({ followers_count: z.number().optional() });

function failure(kind: 'auth' | 'invalid' | 'transient', message: string) {
  return new NetworkError('instagram', kind, message);
}

export function createInstagramAdapter(
  config: InstagramConfig,
): NetworkAdapter<InstagramCredentials> {
  const graph: GraphClientConfig = {
    network: 'instagram',
    baseUrl: config.baseUrl,
    timeoutMs: config.timeoutMs ?? 15_000,
  };
  const pollIntervalMs = config.pollIntervalMs ?? 2_000;
  const maxPolls = Math.max(1, config.maxPolls ?? 10);

  /**
   * The ig-user-id is the instagram_business_account of a Page the token manages (Facebook
   * Login flow, external-apis.md 4.1). A stored id wins when it is still among them.
   */
  async function findAccount(credentials: InstagramCredentials): Promise<VerifiedAccount> {
    const pages = await listGraphPages(graph, {
      path: '/me/accounts',
      fields: 'id,name,instagram_business_account',
      accessToken: credentials.accessToken,
      item: LinkedPageSchema,
    });
    const ids = pages.flatMap((page) =>
      page.instagram_business_account ? [page.instagram_business_account.id] : [],
    );
    const id = ids.find((candidate) => candidate === credentials.igUserId) ?? ids[0];
    if (!id) {
      throw failure(
        'auth',
        'No Instagram professional account is linked to a Facebook Page this token manages',
      );
    }
    const profile = await callGraph(graph, {
      method: 'GET',
      path: `/${encodeURIComponent(id)}`,
      accessToken: credentials.accessToken,
      params: { fields: 'id,username,name' },
      schema: ProfileSchema,
    });
    return { accountId: profile.id, accountName: profile.username ?? profile.name ?? profile.id };
  }

  function containerParams({ caption, media, isVideo }: InstagramContent) {
    // Since mid-2023 every feed video is published as a reel.
    return isVideo
      ? { media_type: 'REELS', video_url: media.url, caption }
      : { image_url: media.url, caption, alt_text: media.altText || undefined };
  }

  function createContainer(
    igUserId: string,
    params: ReturnType<typeof containerParams>,
    accessToken: string,
  ) {
    return callGraph(graph, {
      method: 'POST',
      path: `/${encodeURIComponent(igUserId)}/media`,
      accessToken,
      params,
      schema: IdSchema,
    });
  }

  /** A status check changes nothing: a failed one is asked again, not the whole flow. */
  const readStatus = (containerId: string, accessToken: string) =>
    retryRead(() =>
      callGraph(graph, {
        method: 'GET',
        path: `/${encodeURIComponent(containerId)}`,
        accessToken,
        params: { fields: 'status_code,status' },
        schema: ContainerStatusSchema,
      }),
    );

  /** Meta fetches and processes the media asynchronously; publishing early fails with 9007. */
  async function waitUntilReady(containerId: string, accessToken: string) {
    for (let check = 1; check <= maxPolls; check++) {
      const { status_code: code, status } = await readStatus(containerId, accessToken);
      if (code === 'FINISHED') return;
      if (code === 'ERROR') {
        throw failure(
          'invalid',
          `Instagram could not process the media${status ? `: ${status}` : ''}`,
        );
      }
      if (code && code !== 'IN_PROGRESS')
        throw failure('transient', `Instagram media container is ${code}`);
      if (check < maxPolls) await sleep(pollIntervalMs);
    }
    throw failure('transient', `Instagram was still processing the media after ${maxPolls} checks`);
  }

  /**
   * The container an earlier attempt made for this very content and kept, when Instagram
   * says it is still unpublished and ready or processing; else null (decision 134).
   */
  async function keptContainer(kept: string | null | undefined, key: string, accessToken: string) {
    const id = keptContainerId(kept, key);
    if (!id) return null;
    try {
      const { status_code: code } = await readStatus(id, accessToken);
      const takeOver = takeOverOf(code);
      return takeOver ? { id, isReady: takeOver === 'ready' } : null;
    } catch {
      // Unreadable: a new container, as if none had been kept.
      return null;
    }
  }

  /** The post is live by now, so a failed permalink read must not turn it into a failure. */
  async function readPermalink(mediaId: string, accessToken: string): Promise<string | null> {
    try {
      const { permalink } = await retryRead(() =>
        callGraph(graph, {
          method: 'GET',
          path: `/${encodeURIComponent(mediaId)}`,
          accessToken,
          params: { fields: 'permalink' },
          schema: PermalinkSchema,
        }),
      );
      return permalink ?? null;
    } catch {
      return null;
    }
  }

  return {
    id: 'instagram',
    preparesBeforePublishing: () => true,
    metricsBatch: 1,

    async readMetrics(externalIds, credentials) {
      const read: MetricsRead = new Map();
      const [id] = externalIds;
      if (!id) return read;
      try {
        const insights = await callGraph(graph, {
          method: 'GET',
          path: `/${encodeURIComponent(id)}/insights`,
          accessToken: credentials.accessToken,
          params: { metric: 'views,reach,likes,comments,shares,saved' },
          schema: GraphInsightsSchema,
        });
        return read.set(
          id,
          postMetrics(insightNumbers(insights), {
            likes: ['likes'],
            comments: ['comments'],
            shares: ['shares'],
            impressions: 'views',
          }),
        );
      } catch (error) {
        if (isGoneError(error)) return read.set(id, 'gone');
        throw error;
      }
    },

    async readFollowers(credentials) {
      const igUserId = credentials.igUserId || (await findAccount(credentials)).accountId;
      const account = await callGraph(graph, {
        method: 'GET',
        path: `/${encodeURIComponent(igUserId)}`,
        accessToken: credentials.accessToken,
        params: { fields: 'followers_count' },
        schema: FollowersSchema,
      });
      return account.followers_count ?? null;
    },

    verify: (credentials) => findAccount(credentials),

    async findPublished(post, credentials, window) {
      const sent = checkInstagramContent(post).caption ?? '';
      const { accessToken } = credentials;
      const igUserId = credentials.igUserId || (await findAccount(credentials)).accountId;
      let after: string | undefined;
      for (let page = 0; page < MAX_READ_PAGES; page++) {
        const list = await retryRead(() =>
          callGraph(graph, {
            method: 'GET',
            path: `/${encodeURIComponent(igUserId)}/media`,
            accessToken,
            params: {
              fields: 'id,caption,timestamp,permalink',
              since: String(sinceSeconds(window)),
              limit: '100',
              after,
            },
            schema: MediaListSchema,
          }),
        );
        const found = list.data.find(
          (item) => madeWithin(networkTime(item.timestamp), window) && sameText(sent, item.caption),
        );
        if (found) return { externalId: found.id, url: found.permalink ?? null };
        // Newest first: once a page ends before the window, nothing older can match.
        const oldest = list.data.at(-1);
        if (oldest && !madeWithin(networkTime(oldest.timestamp), window)) break;
        after = list.paging?.cursors?.after;
        if (!list.paging?.next || !after) break;
      }
      return null;
    },

    async publish(post, credentials, context = NO_SLOT) {
      const content = checkInstagramContent(post);
      const { accessToken } = credentials;
      const igUserId = credentials.igUserId || (await findAccount(credentials)).accountId;
      // Container creation and status checks post nothing, so their timeouts stay retryable;
      // only media_publish can leave a post behind without an answer.
      const params = containerParams(content);
      const key = containerKey(igUserId, params);
      const kept = await keptContainer(post.kept, key, accessToken);
      const containerId = kept?.id ?? (await createContainer(igUserId, params, accessToken)).id;
      // Kept while it processes, so that a worker dying now leaves it to the next attempt.
      const keeping = kept ? undefined : context.keep(keptContainerValue(key, containerId));
      // Processing takes seconds: the account's slot serves its other posts meanwhile.
      if (!kept?.isReady) await context.outsideSlot(() => waitUntilReady(containerId, accessToken));
      await keeping;
      await context.beforePublishCall();
      const published = await callGraph(graph, {
        method: 'POST',
        path: `/${encodeURIComponent(igUserId)}/media_publish`,
        accessToken,
        params: { creation_id: containerId },
        schema: IdSchema,
        isPublish: true,
      });
      context.releaseSlot();
      return { externalId: published.id, url: await readPermalink(published.id, accessToken) };
    },

    /** `POST /{ig-media-id}/comments`: a comment by the account under its own media. */
    async comment(on, text, credentials) {
      const result = await callGraph(graph, {
        method: 'POST',
        path: `/${encodeURIComponent(on.externalId)}/comments`,
        accessToken: credentials.accessToken,
        params: { message: text },
        schema: IdSchema,
        isPublish: true,
      });
      return { externalId: result.id, url: null };
    },
  };
}

/** The Instagram professional accounts linked to the Pages a user token manages (Facebook Login). */
export async function listInstagramAccounts(
  config: Pick<InstagramConfig, 'baseUrl' | 'timeoutMs'>,
  accessToken: string,
): Promise<Array<{ igUserId: string; pageName: string }>> {
  const pages = await listGraphPages(
    { network: 'instagram', baseUrl: config.baseUrl, timeoutMs: config.timeoutMs ?? 15_000 },
    {
      path: '/me/accounts',
      fields: 'id,name,instagram_business_account',
      accessToken,
      item: LinkedPageSchema.extend({ name: z.string().optional() }),
    },
  );
  return pages.flatMap((page) =>
    page.instagram_business_account
      ? [{ igUserId: page.instagram_business_account.id, pageName: page.name ?? page.id }]
      : [],
  );
}
