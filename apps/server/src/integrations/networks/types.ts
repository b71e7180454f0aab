import type { NetworkId } from '@cadence/shared';

/**
 * How a network call failed, which decides what the publisher does next:
 * - auth: credentials bad or expired (the connection needs reconnecting; never retried)
 * - rate-limited: try again after `retryAfterSeconds`
 * - transient: 5xx or a network error before the request was sent (safe to retry)
 * - invalid: the network rejected the content (too long, duplicate, missing media; never retried)
 * - unconfirmed: the request may have reached the network but no answer came (never retried
 *   automatically: re-posting could duplicate)
 */
export type NetworkFailureKind = 'auth' | 'rate-limited' | 'transient' | 'invalid' | 'unconfirmed';

export class NetworkError extends Error {
  constructor(
    readonly network: NetworkId,
    readonly kind: NetworkFailureKind,
    /** The network's own words, safe to show (no credentials). */
    message: string,
    readonly details: {
      status?: number;
      code?: string;
      retryAfterSeconds?: number;
      /** A rate limit on the whole app (all its accounts), not only on this account. */
      appLimited?: boolean;
      /** No answer came in time (the network may still have acted on the call). */
      timedOut?: boolean;
    } = {},
  ) {
    super(message);
    this.name = 'NetworkError';
  }
}

export interface PublishMedia {
  /** Absolute public URL (Instagram and Threads fetch media themselves). */
  url: string;
  mimeType: string;
  /**
   * The file, for networks that take an upload (X, LinkedIn, Bluesky, Facebook photos): a
   * Blob backed by storage, so it is sent as a stream (in slices for chunked uploads) and
   * never held whole in the publisher's memory. Networks that fetch by URL never open it.
   */
  open(): Promise<Blob>;
  /** Alt text, where the network supports it. */
  altText?: string;
}

export interface PublishInput {
  text: string;
  link?: string | null;
  media?: PublishMedia | null;
  /**
   * Which publication this is, the same on every attempt: a network that lets the client
   * name the record (Bluesky's record key) derives the name from it, so a second attempt
   * cannot make a second post.
   */
  publication?: { id: string; scheduledFor: Date };
  /**
   * What an earlier attempt prepared and kept through `PublishContext.keep` (a media
   * container), for the adapter to take over when it still fits the post (decision 134).
   */
  kept?: string | null;
  /**
   * A thread's later part: the post it answers and the thread's first post (X and Threads
   * name the parent; Bluesky names both, each with its cid in `ref`).
   */
  replyTo?: { parent: PostReference; root: PostReference };
}

/** A post on the network as a reply names it. */
export interface PostReference {
  externalId: string;
  /** Bluesky: the record's cid; null where the network needs none. */
  ref: string | null;
}

/** Where to look for a post whose answer was lost. */
export interface FindPublishedWindow {
  /** When the attempt was claimed: a post made before this is never taken for it. */
  since: Date;
}

export interface PublishResult {
  externalId: string;
  url: string | null;
  /** What a reply to the post must also name (Bluesky: the record's cid). */
  ref?: string | null;
}

export interface VerifiedAccount {
  accountId: string;
  accountName: string;
}

/**
 * What the publisher hands an adapter's `publish`. Each call to an account holds one of the
 * account's few slots; the waits of a multi-step publish give theirs back.
 */
export interface PublishContext {
  /**
   * Runs `task` without holding the account's slot (a media container's status polls and
   * the sleeps between them), then takes the slot again for the rest of the call.
   */
  outsideSlot<T>(task: () => Promise<T>): Promise<T>;
  /** Gives the slot back for good: what is left of the call (reading a permalink) publishes nothing. */
  releaseSlot(): void;
  /**
   * Called by an adapter that prepares first (`preparesBeforePublishing` answers true for
   * the post) right before the one call that can make the post public. Until then a worker that dies leaves nothing on
   * the network, so its claim may be taken again. Throws when the claim is no longer this
   * worker's: the adapter must then not make the call. `kept`: what was uploaded for the post
   * (`keptUploadValue`), kept in the same write for the next attempt should this call fail.
   */
  beforePublishCall(kept?: string): Promise<void>;
  /**
   * Keeps what was prepared (a media container, as the adapter names it) with the claim, so
   * that whoever sends the post next after this worker dies takes it over (`PublishInput.kept`).
   * Never throws: without it, the next attempt prepares again.
   */
  keep(prepared: string): Promise<void>;
}

/** Without a publisher around it (tests, tools): nothing to give back. */
export const NO_SLOT: PublishContext = {
  outsideSlot: (task) => task(),
  releaseSlot: () => undefined,
  beforePublishCall: () => Promise.resolve(),
  keep: () => Promise.resolve(),
};

/**
 * One post's numbers as the network gave them at one read. Shares are reposts plus quotes
 * where a network has both; impressions are null where the network gives none.
 */
export interface PostMetrics {
  likes: number;
  comments: number;
  shares: number;
  impressions: number | null;
  /** Every number read, by the network's own name (`like_count`, `repostCount`...). */
  raw: Record<string, number>;
}

/**
 * The answer of one metric read, per external id asked: the numbers, or 'gone' when the
 * network answered that the post no longer exists (deleted). An id left out was not answered
 * either way (read it again later).
 */
export type MetricsRead = Map<string, PostMetrics | 'gone'>;

/** One network behind a few verbs. `C` is that network's stored credential object. */
export interface NetworkAdapter<C> {
  readonly id: NetworkId;
  /** Checks the credentials with a real call and answers who they belong to. */
  verify(credentials: C): Promise<VerifiedAccount>;
  publish(post: PublishInput, credentials: C, context?: PublishContext): Promise<PublishResult>;
  /**
   * True when, for this post, the adapter makes calls that post nothing first (media
   * uploads and containers, link cards, a session) and calls `context.beforePublishCall()`
   * before the one that can. Without it, every call after the claim is taken as possibly
   * public.
   */
  preparesBeforePublishing?(post: PublishInput): boolean;
  /**
   * Posts `text` as a comment under the account's post `on` (a post's first comment: Facebook,
   * Instagram, LinkedIn). Failures are NetworkErrors of the same kinds as `publish`.
   */
  comment?(on: PostReference, text: string, credentials: C): Promise<PublishResult>;
  /**
   * Looks on the account for this post, as it would have been sent, made within the window
   * (the network's documented read API). Answers the post, or null when the network answered
   * and it is not there; throws a NetworkError when the network cannot be read.
   */
  findPublished(
    post: PublishInput,
    credentials: C,
    window: FindPublishedWindow,
  ): Promise<PublishResult | null>;
  /** The most posts one `readMetrics` call takes (X 100 ids, Bluesky 25 uris, else 1). */
  readonly metricsBatch: number;
  /**
   * Reads the numbers of the account's posts (at most `metricsBatch` external ids) through the
   * network's documented read API. Throws a NetworkError when the network cannot be read (a
   * 429 carries `retryAfterSeconds`).
   */
  readMetrics(externalIds: readonly string[], credentials: C): Promise<MetricsRead>;
  /** The account's followers now, or null where the network (or the token) does not tell. */
  readFollowers(credentials: C): Promise<number | null>;
}

/** Credentials as stored (encrypted) per network. Field names follow spec 000 section 3. */
/** The key form: OAuth 1.0a user-context keys (they never expire). */
export interface TwitterKeyCredentials {
  apiKey: string;
  apiSecret: string;
  accessToken: string;
  accessTokenSecret: string;
}
/** One-click connect: an OAuth 2.0 user token (two hours) and its rotating refresh token. */
export interface TwitterOAuth2Credentials {
  oauth2AccessToken: string;
  refreshToken?: string;
}
export type TwitterCredentials = TwitterKeyCredentials | TwitterOAuth2Credentials;
export interface FacebookCredentials {
  appId: string;
  appSecret: string;
  /** The user token the page list was read with. */
  accessToken: string;
  pageId: string;
  pageAccessToken: string;
}
export interface LinkedInCredentials {
  clientId: string;
  clientSecret: string;
  accessToken: string;
  /** One-click connect, where LinkedIn grants one. */
  refreshToken?: string;
  /** The member's id (OpenID `sub`), learned at verification. */
  memberId?: string;
}
export interface InstagramCredentials {
  accessToken: string;
  /** The Instagram professional account id, learned at verification. */
  igUserId?: string;
}
/**
 * Where an adapter keeps a network's login session for every process (decision 139). The
 * session is the adapter's own text; the store seals it. Best effort: a read that fails
 * answers undefined and a write that fails is logged, and the adapter logs in as before.
 */
export interface NetworkSessionStore {
  load(network: NetworkId, login: string): Promise<string | undefined>;
  save(network: NetworkId, login: string, session: string): Promise<void>;
}

export interface BlueskyCredentials {
  username: string;
  /** An app password, never the account password. */
  appPassword: string;
}
export interface ThreadsCredentials {
  accessToken: string;
  clientSecret: string;
  /** The Threads user id, learned at verification. */
  userId?: string;
}

export interface NetworkCredentials {
  twitter: TwitterCredentials;
  facebook: FacebookCredentials;
  linkedIn: LinkedInCredentials;
  instagram: InstagramCredentials;
  bluesky: BlueskyCredentials;
  threads: ThreadsCredentials;
}
