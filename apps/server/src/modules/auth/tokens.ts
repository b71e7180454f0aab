import { createHash, randomUUID } from 'node:crypto';
import type { Clock } from '../../lib/clock.js';
import { lazy } from '../../lib/lazy.js';

/** jose, loaded with the first token issued or read: a worker process never handles one. */
const jose = lazy(() => import('jose'));

export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  userId: string;
  tokenVersion: number;
}

/** A checked token: its claims, its id (what a sign-out of this one token records) and expiry. */
export interface ReadToken extends TokenClaims {
  tokenId: string;
  expiresAt: Date;
}

export interface TokenService {
  issue(claims: TokenClaims): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid token, or undefined when it is malformed, forged or expired. */
  read(token: string): Promise<ReadToken | undefined>;
}

/** A token's id: the SHA-256 of the whole token, so no stored id can be used as a token. */
export const tokenIdOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** How many verified tokens a process remembers (oldest forgotten first). */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenService(
  key: Buffer,
  clock: Clock,
  ttlSeconds = TOKEN_TTL_SECONDS,
): TokenService {
  // A token's signature never changes: once checked, a busy client's next requests skip
  // the HMAC (a tenth of a list request's CPU, measured with bench:api). Expiry is still
  // checked on every read; the version check against the account happens in authenticate.
  const verified = new Map<string, ReadToken>();
  return {
    async issue({ userId, tokenVersion }) {
      const now = Math.floor(clock().getTime() / 1000);
      const expiresAt = new Date((now + ttlSeconds) * 1000);
      const { SignJWT } = await jose();
      const token = await new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        // Unique per sign-in, so signing one out never ends another issued the same second.
        .setJti(randomUUID())
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
      return { token, expiresAt };
    },
    async read(token) {
      const known = verified.get(token);
      if (known) {
        if (known.expiresAt.getTime() > clock().getTime()) return known;
        verified.delete(token);
      }
      const { jwtVerify, errors } = await jose();
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return undefined;
        // Every token we issue expires; one without an expiry was not made here.
        if (typeof payload.exp !== 'number') return undefined;
        const claims: ReadToken = {
          userId: payload.sub,
          tokenVersion: payload.tv,
          tokenId: tokenIdOf(token),
          expiresAt: new Date(payload.exp * 1000),
        };
        if (verified.size >= VERIFIED_TOKENS_KEPT) {
          const oldest = verified.keys().next().value;
          if (oldest !== undefined) verified.delete(oldest);
        }
        verified.set(token, claims);
        return claims;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
