import { AUTH_MESSAGES } from '@cadence/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/auth.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { SessionCache } from './session-cache.js';
import { findSessionAccount } from './sessions.repository.js';
import type { TokenService } from './tokens.js';

export type CurrentUser = Pick<UserRow, 'id' | 'name' | 'email' | 'isAdmin' | 'avatarUrl'>;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` pre-handler; routes that use it can rely on it. */
    currentUser: CurrentUser | null;
    /** The bearer token `authenticate` accepted: its id and expiry (for signing it out). */
    currentToken: { id: string; expiresAt: Date } | null;
  }
}

/** Methods that change nothing: these may trust the few-seconds account cache. */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Builds the pre-handler for signed-in routes: a valid bearer token whose version still
 * matches the account (a password reset bumps it), for a verified account that still exists.
 * Reads take the account from `sessions` (read at most every few seconds); writes, and
 * every request with `fresh` (the session check a page load starts with), read it from the
 * database, so a token revoked, a role removed or an account deleted by another process
 * changes nothing from the next write on (decision 040).
 */
export function createAuthenticate(
  db: Db,
  tokens: TokenService,
  sessions: SessionCache,
  clock: Clock,
  { fresh = false } = {},
) {
  return async function authenticate(request: FastifyRequest) {
    const header = request.headers.authorization;
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match?.[1]) throw AppError.unauthorized(AUTH_MESSAGES.signInRequired, 'SIGN_IN_REQUIRED');
    const claims = await tokens.read(match[1]);
    if (!claims) throw AppError.unauthorized(AUTH_MESSAGES.sessionExpired, 'SESSION_EXPIRED');
    const load = () => findSessionAccount(db, claims.userId, clock());
    const user = await (fresh || !READ_METHODS.has(request.method)
      ? sessions.refresh(claims.userId, load)
      : sessions.get(claims.userId, load));
    if (
      !user ||
      !user.isVerified ||
      user.tokenVersion !== claims.tokenVersion ||
      user.revokedTokens.includes(claims.tokenId)
    ) {
      throw AppError.unauthorized(AUTH_MESSAGES.sessionExpired, 'SESSION_EXPIRED');
    }
    request.currentToken = { id: claims.tokenId, expiresAt: claims.expiresAt };
    request.currentUser = {
      id: user.id,
      name: user.name,
      email: user.email,
      isAdmin: user.isAdmin,
      avatarUrl: user.avatarUrl,
    };
  };
}

/** The token a route guarded by `authenticate` was called with. */
export function requireToken(request: FastifyRequest): { id: string; expiresAt: Date } {
  if (!request.currentToken)
    throw AppError.unauthorized(AUTH_MESSAGES.signInRequired, 'SIGN_IN_REQUIRED');
  return request.currentToken;
}

/** The signed-in user of a route guarded by `authenticate`. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.currentUser)
    throw AppError.unauthorized(AUTH_MESSAGES.signInRequired, 'SIGN_IN_REQUIRED');
  return request.currentUser;
}
