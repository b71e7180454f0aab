import { createHash } from 'node:crypto';
import { BLUESKY_MAX_BYTES, composePostText } from '@cadence/shared';
import { imageSize } from 'image-size';
import { z } from 'zod';
import { BlueskySessions, type BlueskySession } from './bluesky-session.js';
import { detectFacets } from './bluesky-text.js';
import { callXrpc } from './bluesky-xrpc.js';
import { postMetrics } from './metrics-read.js';
import { retryUpload } from './read-retry.js';
import {
  NetworkError,
  NO_SLOT,
  type BlueskyCredentials,
  type MetricsRead,
  type NetworkAdapter,
  type NetworkSessionStore,
  type PublishInput,
  type PostReference,
} from './types.js';

export interface LinkPreview {
  title: string;
  description: string;
}

export interface BlueskyConfig {
  /** Where to log in: https://bsky.social, or a self-hosted PDS. */
  serviceUrl: string;
  timeoutMs?: number;
  /** Title and description for the link card: Bluesky shows only what the client sends. */
  describeLink?: (url: string) => Promise<LinkPreview | null>;
  /** Hosts a PDS named in a session may have on a private address (FETCH_ALLOW_HOSTS). */
  allowHosts?: readonly string[];
  /** Where the network's website shows a post (`{NETWORK}_WEB_URL`; the demo's stand-ins serve one). */
  webUrl?: string;
  /** Where sessions are kept for every process (decision 139); in this process only without. */
  sessions?: NetworkSessionStore;
}

/** The images embed's blob cap in the current lexicon (was 1,000,000 until 2026-04). */
const MAX_IMAGE_BYTES = 2_000_000;

// The blob goes back into the record exactly as the PDS described it.
const UploadSchema = z.object({
  blob: z.looseObject({ ref: z.unknown(), mimeType: z.string(), size: z.number() }),
});
const CreatedSchema = z.object({ uri: z.string().startsWith('at://'), cid: z.string() });
const AccountSchema = z.object({ did: z.string(), handle: z.string() });
const RecordSchema = z.object({
  uri: z.string().startsWith('at://'),
  cid: z.string().optional(),
  value: z.looseObject({ text: z.string().optional() }).optional(),
});
const POSTS = 'app.bsky.feed.post';
/** `app.bsky.feed.getPosts`: the posts found, with their counts; a missing post is left out. */
const PostsViewSchema = z.object({
  posts: z.array(
    z.looseObject({
      uri: z.string(),
      likeCount: z.number().optional(),
      repostCount: z.number().optional(),
      replyCount: z.number().optional(),
      quoteCount: z.number().optional(),
    }),
  ),
});
const ProfileSchema = z.object({ did: z.string(), followersCount: z.number().optional() });
/** getPosts takes up to 25 uris a call. */
export const BLUESKY_METRICS_BATCH = 25;

/** The base32-sortable alphabet of AT Protocol record keys of the TID form. */
const TID_ALPHABET = '234567abcdefghijklmnopqrstuvwxyz';

/**
 * The publication's record key: a TID (53 bits of microseconds, 10 of clock id, in 13
 * base32-sortable characters) derived from the publication alone, the same on every attempt,
 * so a second createRecord names the record the first one may have made. Its time is the
 * scheduled time plus a sub-millisecond part, and the clock id, from a hash of the
 * publication's id.
 */
export function recordKeyOf(publication: { id: string; scheduledFor: Date }): string {
  const hash = createHash('sha256').update(publication.id).digest();
  const micros =
    BigInt(publication.scheduledFor.getTime()) * 1000n + BigInt(hash.readUInt16BE(0) % 1000);
  let value = (micros << 10n) | BigInt(hash.readUInt16BE(2) & 0x3ff);
  let key = '';
  for (let index = 0; index < 13; index++) {
    key = TID_ALPHABET[Number(value & 31n)]! + key;
    value >>= 5n;
  }
  return key;
}

/** Whether a record read back holds the text sent (a record without one cannot tell: it does). */
const isSameText = (found: string | undefined, sent: string) =>
  found === undefined || found === sent;

/** What a found record answers as a publication's result. */
const postFound = (found: { externalId: string; url: string; ref: string | null }) => ({
  externalId: found.externalId,
  url: found.url,
  ref: found.ref,
});

function invalid(message: string): NetworkError {
  return new NetworkError('bluesky', 'invalid', message);
}

/** A link cannot ride as a card next to an image (one embed per post), so it joins the text. */
function checkContent(post: PublishInput): string {
  const { text, measured } = composePostText('bluesky', { ...post, hasMedia: Boolean(post.media) });
  if (!text && !post.link && !post.media) throw invalid('The post is empty');
  if (measured.length > measured.limit) {
    throw invalid(
      `Bluesky allows ${measured.limit} characters per post; this one has ${measured.length}`,
    );
  }
  if (measured.isOver) throw invalid(`Bluesky allows ${BLUESKY_MAX_BYTES} bytes of text per post`);
  if (post.link && !URL.canParse(post.link)) throw invalid(`${post.link} is not a web address`);
  if (post.media && !post.media.mimeType.startsWith('image/')) {
    throw invalid(`Bluesky posts from Cadence can carry images only, not ${post.media.mimeType}`);
  }
  return text;
}

function aspectRatioOf(bytes: Buffer): { width: number; height: number } | undefined {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height } : undefined;
  } catch {
    return undefined; // The PDS will judge the image; the ratio only helps layout.
  }
}

async function describe(config: BlueskyConfig, link: string): Promise<LinkPreview> {
  const fallback = { title: new URL(link).hostname, description: '' };
  try {
    return (await config.describeLink?.(link)) ?? fallback;
  } catch {
    return fallback;
  }
}

export function createBlueskyAdapter(config: BlueskyConfig): NetworkAdapter<BlueskyCredentials> {
  const webUrl = (config.webUrl ?? 'https://bsky.app').replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? 15_000;
  const sessions = new BlueskySessions({
    serviceUrl: config.serviceUrl,
    timeoutMs,
    guard: { allowHosts: config.allowHosts ?? [] },
    ...(config.sessions ? { store: config.sessions } : {}),
  });

  const uploadImage = async (credentials: BlueskyCredentials, bytes: Buffer, mimeType: string) => {
    // A blob no record cites yet: a passing failure is tried again in place (the upload only:
    // a login or a refresh the session makes on the way is not repeated by it).
    const upload = (session: BlueskySession) =>
      retryUpload(() =>
        callXrpc(
          {
            baseUrl: session.pdsUrl,
            guard: session.pdsGuard,
            nsid: 'com.atproto.repo.uploadBlob',
            method: 'POST',
            token: session.accessJwt,
            bytes: { data: bytes, mimeType },
            // Uploads carry megabytes; a lost answer only costs an orphan blob the PDS collects.
            timeoutMs: timeoutMs * 4,
          },
          UploadSchema,
        ),
      );
    return (await sessions.use(credentials, upload)).blob;
  };

  const buildEmbed = async (post: PublishInput, credentials: BlueskyCredentials) => {
    if (post.media) {
      const file = await post.media.open();
      if (file.size > MAX_IMAGE_BYTES) {
        throw invalid(`Bluesky images must be at most ${MAX_IMAGE_BYTES / 1_000_000} MB`);
      }
      // Read whole only after the size check: at most Bluesky's own 1 MB cap.
      const bytes = Buffer.from(await file.arrayBuffer());
      const blob = await uploadImage(credentials, bytes, post.media.mimeType);
      const aspectRatio = aspectRatioOf(bytes);
      const image = {
        image: blob,
        alt: post.media.altText ?? '',
        ...(aspectRatio && { aspectRatio }),
      };
      return { $type: 'app.bsky.embed.images', images: [image] };
    }
    if (post.link) {
      const { title, description } = await describe(config, post.link);
      return { $type: 'app.bsky.embed.external', external: { uri: post.link, title, description } };
    }
    return undefined;
  };

  /**
   * The post's record under `rkey` on the account, with its text, or null when the PDS has
   * none. Callers compare the text with the one sent (`isSameText`): two publications to one
   * account scheduled at the same instant can, rarely, be given the same key (recordKeyOf),
   * and the first one's post is not the second one's.
   */
  const getRecord = (credentials: BlueskyCredentials, rkey: string) =>
    sessions.use(credentials, async (session) => {
      try {
        const found = await callXrpc(
          {
            baseUrl: session.pdsUrl,
            guard: session.pdsGuard,
            nsid: 'com.atproto.repo.getRecord',
            method: 'GET',
            query: { repo: session.did, collection: POSTS, rkey },
            token: session.accessJwt,
            timeoutMs,
          },
          RecordSchema,
        );
        return {
          externalId: found.uri,
          url: `${webUrl}/profile/${session.handle}/post/${rkey}`,
          ref: found.cid ?? null,
          text: found.value?.text,
        };
      } catch (error) {
        if (error instanceof NetworkError && error.details.code === 'RecordNotFound') return null;
        throw error;
      }
    });

  /**
   * A reply's strong references (uri and cid) to the thread's first post and to its parent; a
   * cid not kept (a post found by a later look) is read from the record.
   */
  async function replyRefs(
    replyTo: NonNullable<PublishInput['replyTo']>,
    credentials: BlueskyCredentials,
  ) {
    const strong = async (reference: PostReference) => {
      if (reference.ref) return { uri: reference.externalId, cid: reference.ref };
      const rkey = reference.externalId.split('/').at(-1) ?? '';
      const found = await getRecord(credentials, rkey);
      if (!found?.ref) throw invalid('The post this part answers is no longer on Bluesky');
      return { uri: found.externalId, cid: found.ref };
    };
    return { root: await strong(replyTo.root), parent: await strong(replyTo.parent) };
  }

  return {
    id: 'bluesky',
    metricsBatch: BLUESKY_METRICS_BATCH,

    async readMetrics(externalIds, credentials) {
      const read: MetricsRead = new Map();
      if (externalIds.length === 0) return read;
      if (externalIds.length > BLUESKY_METRICS_BATCH) {
        throw invalid(`Bluesky reads at most ${BLUESKY_METRICS_BATCH} posts a call`);
      }
      const answer = await sessions.use(credentials, (session) =>
        callXrpc(
          {
            baseUrl: session.pdsUrl,
            guard: session.pdsGuard,
            nsid: 'app.bsky.feed.getPosts',
            method: 'GET',
            query: { uris: externalIds },
            token: session.accessJwt,
            timeoutMs,
          },
          PostsViewSchema,
        ),
      );
      for (const post of answer.posts) {
        const { uri, likeCount, repostCount, replyCount, quoteCount } = post;
        read.set(
          uri,
          postMetrics(
            { likeCount, repostCount, replyCount, quoteCount },
            {
              likes: ['likeCount'],
              comments: ['replyCount'],
              shares: ['repostCount', 'quoteCount'],
            },
          ),
        );
      }
      // The network answered: a post it left out does not exist any more.
      for (const id of externalIds) if (!read.has(id)) read.set(id, 'gone');
      return read;
    },

    async readFollowers(credentials) {
      const profile = await sessions.use(credentials, (session) =>
        callXrpc(
          {
            baseUrl: session.pdsUrl,
            guard: session.pdsGuard,
            nsid: 'app.bsky.actor.getProfile',
            method: 'GET',
            query: { actor: session.did },
            token: session.accessJwt,
            timeoutMs,
          },
          ProfileSchema,
        ),
      );
      return profile.followersCount ?? null;
    },

    async findPublished(post, credentials) {
      if (!post.publication) {
        throw invalid('Without its record key the post cannot be looked for');
      }
      const found = await getRecord(credentials, recordKeyOf(post.publication));
      // Another publication's post under the same key is not this one.
      return found && isSameText(found.text, checkContent(post)) ? postFound(found) : null;
    },

    async verify(credentials) {
      const account = await sessions.use(credentials, (session) =>
        callXrpc(
          {
            baseUrl: session.pdsUrl,
            guard: session.pdsGuard,
            nsid: 'com.atproto.server.getSession',
            method: 'GET',
            token: session.accessJwt,
            timeoutMs,
          },
          AccountSchema,
        ),
      );
      return { accountId: account.did, accountName: account.handle };
    },

    // The blob upload, the link card's page and the session come before createRecord.
    preparesBeforePublishing: () => true,

    async publish(post, credentials, context = NO_SLOT) {
      const text = checkContent(post);
      const facets = detectFacets(text);
      const embed = await buildEmbed(post, credentials);
      const record = {
        $type: 'app.bsky.feed.post',
        text,
        createdAt: new Date().toISOString(),
        ...(facets.length > 0 && { facets }),
        ...(embed && { embed }),
        ...(post.replyTo && { reply: await replyRefs(post.replyTo, credentials) }),
      };
      const ownKey = post.publication ? recordKeyOf(post.publication) : undefined;
      let made: { created: z.infer<typeof CreatedSchema>; handle: string };
      try {
        made = await sessions.use(credentials, async (session) => {
          await context.beforePublishCall();
          const answer = await callXrpc(
            {
              baseUrl: session.pdsUrl,
              guard: session.pdsGuard,
              nsid: 'com.atproto.repo.createRecord',
              method: 'POST',
              token: session.accessJwt,
              json: {
                repo: session.did,
                collection: POSTS,
                ...(ownKey ? { rkey: ownKey } : {}),
                record,
              },
              isPublish: true,
              timeoutMs,
            },
            CreatedSchema,
          );
          return { created: answer, handle: session.handle };
        });
      } catch (error) {
        // The answer was lost, or the PDS refused the key (a bare 500 when a record already
        // has it): whether the post exists is asked of the PDS, not read from the error.
        const mayExist =
          error instanceof NetworkError &&
          (error.kind === 'unconfirmed' || error.kind === 'transient');
        if (!ownKey || !mayExist) throw error;
        const found = await getRecord(credentials, ownKey).catch(() => null);
        if (!found) throw error;
        if (!isSameText(found.text, text)) {
          throw invalid(
            'Bluesky already has a different post under the record key of this one, so it was ' +
              'not published. Schedule it again at another time.',
          );
        }
        return postFound(found);
      }
      const rkey = made.created.uri.split('/').at(-1) ?? '';
      return {
        externalId: made.created.uri,
        url: `${webUrl}/profile/${made.handle}/post/${rkey}`,
        ref: made.created.cid,
      };
    },
  };
}
