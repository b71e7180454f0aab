import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FetchGuard } from '../public-address.js';
import { callXrpc } from './bluesky-xrpc.js';
import { NetworkError, type BlueskyCredentials, type NetworkSessionStore } from './types.js';

export interface BlueskySession {
  did: string;
  handle: string;
  accessJwt: string;
  refreshJwt: string;
  /** The account's own PDS, where repo calls go (the login host may be an entryway). */
  pdsUrl: string;
  /** How calls to the PDS are guarded: none when it is the configured service itself. */
  pdsGuard?: FetchGuard;
}

const SessionSchema = z.object({
  accessJwt: z.string().min(1),
  refreshJwt: z.string().min(1),
  handle: z.string(),
  did: z.string(),
  didDoc: z
    .object({
      service: z
        .array(z.object({ id: z.string(), type: z.string(), serviceEndpoint: z.unknown() }))
        .optional(),
    })
    .optional()
    .catch(undefined),
});

/** A session as kept in the store: the password it was made with shows as its fingerprint. */
const StoredSchema = z.object({
  fingerprint: z.string(),
  did: z.string(),
  handle: z.string(),
  accessJwt: z.string().min(1),
  refreshJwt: z.string().min(1),
  pdsUrl: z.string(),
});

interface Entry {
  /** Which password the session was made with, so a changed or wrong one is never waved through. */
  fingerprint: string;
  session: Promise<BlueskySession>;
}

function keyOf(credentials: BlueskyCredentials): string {
  return credentials.username.trim().replace(/^@/, '').toLowerCase();
}

function fingerprintOf(credentials: BlueskyCredentials): string {
  return createHash('sha256')
    .update(`${keyOf(credentials)}\n${credentials.appPassword}`)
    .digest('hex');
}

/**
 * Sessions per username, in memory and (with a store) for every process. createSession is
 * limited to 30 per 5 minutes and 300 a day per account
 * (https://docs.bsky.app/docs/advanced-guides/rate-limits), so posts reuse the access token
 * and refresh it on `400 ExpiredToken`, logging in again only when refreshing fails. A new
 * process first takes the session another one saved (decision 139).
 */
export class BlueskySessions {
  private readonly entries = new Map<string, Entry>();
  /** Sessions taken from the store: one that fails is renewed once more, by this process. */
  private readonly borrowed = new WeakSet<BlueskySession>();

  constructor(
    private readonly config: {
      serviceUrl: string;
      timeoutMs: number;
      guard: FetchGuard;
      store?: NetworkSessionStore;
    },
  ) {}

  /**
   * Runs `work` with a session; after a stale-session answer, renews it and runs once more
   * (twice when the renewal was a session another process saved, which may be stale too).
   */
  async use<T>(
    credentials: BlueskyCredentials,
    work: (session: BlueskySession) => Promise<T>,
  ): Promise<T> {
    // A failed login is final (a wrong password stays wrong); only a stale session is renewed.
    let pending = this.current(credentials);
    for (let round = 0; ; round++) {
      const session = await pending;
      try {
        return await work(session);
      } catch (error) {
        const isExpired = error instanceof NetworkError && error.details.code === 'ExpiredToken';
        const isRejected =
          error instanceof NetworkError &&
          (error.details.status === 401 || error.details.code === 'InvalidToken');
        const mayRenew = round === 0 || (round === 1 && this.borrowed.has(session));
        if ((!isExpired && !isRejected) || !mayRenew) throw error;
        pending = this.renew(credentials, pending, isExpired, round === 0);
      }
    }
  }

  private current(credentials: BlueskyCredentials): Promise<BlueskySession> {
    const entry = this.entries.get(keyOf(credentials));
    if (entry?.fingerprint === fingerprintOf(credentials)) return entry.session;
    return this.remember(credentials, this.storedOrLogin(credentials));
  }

  private async storedOrLogin(credentials: BlueskyCredentials): Promise<BlueskySession> {
    return (await this.load(credentials)) ?? this.saved(credentials, this.login(credentials));
  }

  /** Concurrent callers holding the same stale session share one renewal. */
  private renew(
    credentials: BlueskyCredentials,
    stale: Promise<BlueskySession>,
    canRefresh: boolean,
    mayBorrow: boolean,
  ): Promise<BlueskySession> {
    const entry = this.entries.get(keyOf(credentials));
    if (entry && entry.session !== stale && entry.fingerprint === fingerprintOf(credentials)) {
      return entry.session;
    }
    return this.remember(credentials, this.renewed(credentials, stale, canRefresh, mayBorrow));
  }

  private async renewed(
    credentials: BlueskyCredentials,
    stale: Promise<BlueskySession>,
    canRefresh: boolean,
    mayBorrow: boolean,
  ): Promise<BlueskySession> {
    const old = await stale;
    if (mayBorrow) {
      // Another process may have renewed it already (a refresh token is spent once).
      const stored = await this.load(credentials);
      if (stored && stored.accessJwt !== old.accessJwt) return stored;
    }
    const renewed = canRefresh
      ? this.refresh(old).catch((error: unknown) => {
          if (error instanceof NetworkError && error.kind === 'auth')
            return this.login(credentials);
          throw error;
        })
      : this.login(credentials);
    return this.saved(credentials, renewed);
  }

  private remember(
    credentials: BlueskyCredentials,
    session: Promise<BlueskySession>,
  ): Promise<BlueskySession> {
    const key = keyOf(credentials);
    this.entries.set(key, { fingerprint: fingerprintOf(credentials), session });
    session.catch(() => {
      if (this.entries.get(key)?.session === session) this.entries.delete(key);
    });
    return session;
  }

  /** The session the store holds for this username and password, if it reads. */
  private async load(credentials: BlueskyCredentials): Promise<BlueskySession | undefined> {
    const text = await this.config.store?.load('bluesky', keyOf(credentials));
    if (!text) return undefined;
    let parsed;
    try {
      parsed = StoredSchema.safeParse(JSON.parse(text));
    } catch {
      return undefined;
    }
    if (!parsed.success || parsed.data.fingerprint !== fingerprintOf(credentials)) {
      return undefined;
    }
    const { did, handle, accessJwt, refreshJwt, pdsUrl } = parsed.data;
    if (!this.isUsablePds(pdsUrl)) return undefined;
    const session = this.withGuard({ did, handle, accessJwt, refreshJwt, pdsUrl });
    this.borrowed.add(session);
    return session;
  }

  /** Saves a new session for the other processes, once it came. */
  private async saved(
    credentials: BlueskyCredentials,
    made: Promise<BlueskySession>,
  ): Promise<BlueskySession> {
    const session = await made;
    const { did, handle, accessJwt, refreshJwt, pdsUrl } = session;
    const fingerprint = fingerprintOf(credentials);
    await this.config.store?.save(
      'bluesky',
      keyOf(credentials),
      JSON.stringify({ fingerprint, did, handle, accessJwt, refreshJwt, pdsUrl }),
    );
    return session;
  }

  private async login(credentials: BlueskyCredentials): Promise<BlueskySession> {
    const answer = await callXrpc(
      {
        baseUrl: this.config.serviceUrl,
        nsid: 'com.atproto.server.createSession',
        method: 'POST',
        json: { identifier: keyOf(credentials), password: credentials.appPassword },
        timeoutMs: this.config.timeoutMs,
      },
      SessionSchema,
    );
    return this.toSession(answer);
  }

  private async refresh(session: BlueskySession): Promise<BlueskySession> {
    const answer = await callXrpc(
      {
        baseUrl: this.config.serviceUrl,
        nsid: 'com.atproto.server.refreshSession',
        method: 'POST',
        token: session.refreshJwt,
        timeoutMs: this.config.timeoutMs,
      },
      SessionSchema,
    );
    return this.toSession(answer);
  }

  /** Never downgrade to plain http; a local (http) service may name an http PDS. */
  private isUsablePds(endpoint: unknown): endpoint is string {
    const allowed = this.config.serviceUrl.startsWith('http:') ? /^https?:\/\// : /^https:\/\//;
    return typeof endpoint === 'string' && allowed.test(endpoint) && URL.canParse(endpoint);
  }

  private toSession(answer: z.infer<typeof SessionSchema>): BlueskySession {
    const pds = answer.didDoc?.service?.find((service) => service.id.endsWith('#atproto_pds'));
    const endpoint = pds?.serviceEndpoint;
    return this.withGuard({
      did: answer.did,
      handle: answer.handle,
      accessJwt: answer.accessJwt,
      refreshJwt: answer.refreshJwt,
      pdsUrl: this.isUsablePds(endpoint) ? endpoint : this.config.serviceUrl,
    });
  }

  /**
   * The PDS address comes from the login's answer: unless it is the configured service, every
   * call to it goes through the private-address guard.
   */
  private withGuard(session: Omit<BlueskySession, 'pdsGuard'>): BlueskySession {
    const isConfigured = new URL(session.pdsUrl).origin === new URL(this.config.serviceUrl).origin;
    return { ...session, ...(isConfigured ? {} : { pdsGuard: this.config.guard }) };
  }
}
