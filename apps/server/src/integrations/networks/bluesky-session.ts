import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FetchGuard } from '../public-address.js';
import { callXrpc } from './bluesky-xrpc.js';
import { NetworkError, type BlueskyCredentials } from './types.js';

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
 * Sessions kept in memory per username. createSession is limited to 30 per 5 minutes per
 * account (https://docs.bsky.app/docs/advanced-guides/rate-limits), so posts reuse the access
 * token and refresh it on `400 ExpiredToken`, logging in again only when refreshing fails.
 */
export class BlueskySessions {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly config: { serviceUrl: string; timeoutMs: number; guard: FetchGuard },
  ) {}

  /** Runs `work` with a session; after a stale-session answer, renews it and runs once more. */
  async use<T>(
    credentials: BlueskyCredentials,
    work: (session: BlueskySession) => Promise<T>,
  ): Promise<T> {
    const pending = this.current(credentials);
    // A failed login is final (a wrong password stays wrong); only a stale session is renewed.
    const session = await pending;
    try {
      return await work(session);
    } catch (error) {
      const isExpired = error instanceof NetworkError && error.details.code === 'ExpiredToken';
      const isRejected =
        error instanceof NetworkError &&
        (error.details.status === 401 || error.details.code === 'InvalidToken');
      if (!isExpired && !isRejected) throw error;
      return work(await this.renew(credentials, pending, isExpired));
    }
  }

  private current(credentials: BlueskyCredentials): Promise<BlueskySession> {
    const entry = this.entries.get(keyOf(credentials));
    if (entry?.fingerprint === fingerprintOf(credentials)) return entry.session;
    return this.remember(credentials, this.login(credentials));
  }

  /** Concurrent callers holding the same stale session share one renewal. */
  private renew(
    credentials: BlueskyCredentials,
    stale: Promise<BlueskySession>,
    canRefresh: boolean,
  ): Promise<BlueskySession> {
    const entry = this.entries.get(keyOf(credentials));
    if (entry && entry.session !== stale && entry.fingerprint === fingerprintOf(credentials)) {
      return entry.session;
    }
    const renewed = canRefresh
      ? stale
          .then((session) => this.refresh(session))
          .catch((error: unknown) => {
            if (error instanceof NetworkError && error.kind === 'auth')
              return this.login(credentials);
            throw error;
          })
      : this.login(credentials);
    return this.remember(credentials, renewed);
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

  private toSession(answer: z.infer<typeof SessionSchema>): BlueskySession {
    const pds = answer.didDoc?.service?.find((service) => service.id.endsWith('#atproto_pds'));
    const endpoint = pds?.serviceEndpoint;
    // Never downgrade to plain http; a local (http) service may name an http PDS.
    const allowed = this.config.serviceUrl.startsWith('http:') ? /^https?:\/\// : /^https:\/\//;
    const isWebUrl =
      typeof endpoint === 'string' && allowed.test(endpoint) && URL.canParse(endpoint);
    const pdsUrl = isWebUrl ? endpoint : this.config.serviceUrl;
    // The PDS address comes from the answer: unless it is the configured service, every
    // call to it goes through the private-address guard.
    const isConfigured = new URL(pdsUrl).origin === new URL(this.config.serviceUrl).origin;
    return {
      did: answer.did,
      handle: answer.handle,
      accessJwt: answer.accessJwt,
      refreshJwt: answer.refreshJwt,
      pdsUrl,
      ...(isConfigured ? {} : { pdsGuard: this.config.guard }),
    };
  }
}
