import {
  AUTH_MESSAGES,
  roleAllows,
  TEAM_MESSAGES,
  WORKSPACE_HEADER,
  type TeamRole,
} from '@cadence/shared';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import type { UserRow } from '../../db/schema/auth.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { ALL_ENTITIES, type EntityAccess } from '../../lib/entity-scope.js';
import type { SessionCache } from './session-cache.js';
import { findSessionAccount } from './sessions.repository.js';
import type { TokenService } from './tokens.js';

export type CurrentUser = Pick<UserRow, 'id' | 'name' | 'email' | 'isAdmin' | 'avatarUrl'>;

/** The signed-in person acting in a request, with their role in its workspace. */
export interface RequestActor {
  id: string;
  name: string;
  email: string;
  role: TeamRole;
  /** null: every entity of the workspace; else the only entities that exist for them. */
  entityIds: string[] | null;
}

/**
 * What authenticate asks of the team module (through the composition root): the rule of a
 * route, and the person's standing in the workspace the request names.
 */
export interface WorkspaceGate {
  ruleOf(method: string, path: string): TeamRole | 'personal' | 'public';
  standing(
    personId: string,
    header: string | undefined,
  ): Promise<{ workspaceId: string; role: TeamRole; entityIds: string[] | null }>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the `authenticate` pre-handler; routes that use it can rely on it. */
    currentUser: CurrentUser | null;
    /** The bearer token `authenticate` accepted: its id and expiry (for signing it out). */
    currentToken: { id: string; expiresAt: Date } | null;
    /** The person acting (set by `authenticate`); `currentUser.id` is their workspace's id. */
    currentActor: RequestActor | null;
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
  { fresh = false, gate }: { fresh?: boolean; gate?: WorkspaceGate } = {},
) {
  return async function authenticate(request: FastifyRequest) {
    // Already done for this request (the role gate runs it before the body is read).
    if (request.currentActor) return;
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
    const person = {
      id: user.id,
      name: user.name,
      email: user.email,
      isAdmin: user.isAdmin,
      avatarUrl: user.avatarUrl,
    };
    // The workspace the request acts in: the header's (a member's), else the person's own.
    // Queries stay scoped by `currentUser.id`, which is the workspace's id (its owner's).
    const path = (request.routeOptions.url ?? '').replace(/^\/api(?=\/)/, '');
    const rule = gate ? gate.ruleOf(request.method, path) : 'personal';
    const named = request.headers[WORKSPACE_HEADER];
    const standing =
      !gate || rule === 'personal' || rule === 'public'
        ? { workspaceId: user.id, role: 'owner' as const, entityIds: null }
        : await gate.standing(user.id, Array.isArray(named) ? named[0] : named);
    request.currentActor = {
      id: user.id,
      name: user.name,
      email: user.email,
      role: standing.role,
      entityIds: standing.entityIds,
    };
    request.currentUser = { ...person, id: standing.workspaceId };
    if (rule !== 'personal' && rule !== 'public' && !roleAllows(standing.role, rule)) {
      throw AppError.forbidden(
        rule === 'owner' ? TEAM_MESSAGES.ownerOnly : TEAM_MESSAGES.forbiddenRole(standing.role),
        'FORBIDDEN_ROLE',
      );
    }
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

/** The person acting in a route guarded by `authenticate`, with their role and entities. */
export function requireActor(request: FastifyRequest): RequestActor {
  if (!request.currentActor)
    throw AppError.unauthorized(AUTH_MESSAGES.signInRequired, 'SIGN_IN_REQUIRED');
  return request.currentActor;
}

/**
 * The entities that exist for the person acting: null for all of them (the owner, and
 * members not limited to some), else the only ids that do. Each module filters its lists,
 * counts and look-ups by it in one place.
 */
export function entityScope(request: FastifyRequest): string[] | null {
  return request.currentActor?.entityIds ?? null;
}

/** `entityScope` as the access every service takes (lib/entity-scope.ts's helpers read it). */
export function entityAccess(request: FastifyRequest): EntityAccess {
  const entityIds = entityScope(request);
  return entityIds === null ? ALL_ENTITIES : { entityIds };
}
