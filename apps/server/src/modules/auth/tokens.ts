import { SignJWT, jwtVerify, errors } from 'jose';
import type { Clock } from '../../lib/clock.js';

export const TOKEN_TTL_SECONDS = 7 * 24 * 60 * 60;

export interface TokenClaims {
  userId: string;
  tokenVersion: number;
}

export interface TokenService {
  issue(claims: TokenClaims): Promise<{ token: string; expiresAt: Date }>;
  /** The claims of a valid token, or undefined when it is malformed, forged or expired. */
  read(token: string): Promise<TokenClaims | undefined>;
}

export function createTokenService(
  key: Buffer,
  clock: Clock,
  ttlSeconds = TOKEN_TTL_SECONDS,
): TokenService {
  return {
    async issue({ userId, tokenVersion }) {
      const now = Math.floor(clock().getTime() / 1000);
      const expiresAt = new Date((now + ttlSeconds) * 1000);
      const token = await new SignJWT({ tv: tokenVersion })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key);
      return { token, expiresAt };
    },
    async read(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          currentDate: clock(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return undefined;
        return { userId: payload.sub, tokenVersion: payload.tv };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
