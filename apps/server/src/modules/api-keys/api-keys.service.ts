import {
  API_KEY_MESSAGES,
  type ApiKey,
  type ApiKeyCreateInput,
  type ApiKeyScope,
  type ApiMe,
  type CreatedApiKey,
  type TeamRole,
} from '@cadence/shared';
import type { Db } from '../../db/client.js';
import type { ApiKeyRow } from '../../db/schema/api-keys.js';
import { AppError } from '../../errors.js';
import { entityVisible, type EntityAccess } from '../../lib/entity-scope.js';
import type { Clock } from '../../lib/clock.js';
import { getEntitlements } from '../plans/index.js';
import * as repo from './api-keys.repository.js';
import { generateApiKey, parseApiKey, secretMatches } from './key-format.js';

export interface ApiKeysDeps {
  db: Db;
  clock: Clock;
  /** Whether the entity (company) belongs to the customer: companies' answer. */
  ownsEntity: (userId: string, entityId: string) => Promise<boolean>;
  /**
   * The standing now of a key's creator in its workspace (the team module's answer), or
   * null when they are no longer a member. Without it, every key acts as the owner's.
   */
  standingOf?: (
    personId: string,
    workspaceId: string,
  ) => Promise<{ role: TeamRole; entityIds: string[] | null } | null>;
}

/** What a key may do under its creator's role: a viewer's reads only (their role's rule). */
const SCOPES_OF_ROLE: Record<TeamRole, readonly ApiKeyScope[]> = {
  owner: ['read', 'write', 'publish'],
  manager: ['read', 'write', 'publish'],
  editor: ['read', 'write', 'publish'],
  viewer: ['read'],
};

/** The entities both lists allow (null: every one). */
function bothAllow(a: string[] | null, b: string[] | null): string[] | null {
  if (a === null) return b;
  if (b === null) return a;
  return a.filter((id) => b.includes(id));
}

/** Who a request with a valid key acts for, and what the key allows. */
export interface ApiCaller {
  keyId: string;
  user: { id: string; email: string; name: string };
  /** The plan's tier id ('free', 'pro', 'business', 'enterprise'). */
  tier: string;
  scopes: ApiKeyScope[];
  /** null: every entity of the customer. */
  entityIds: string[] | null;
  /** The role of the key's creator in the workspace now (its owner's keys: 'owner'). */
  role: TeamRole;
  /** The person who made the key (the owner for keys made before members existed). */
  actorId: string;
}

/** The caller, when its key has `scope`; 403 INSUFFICIENT_SCOPE otherwise (every door's check). */
export function assertScope(caller: ApiCaller, scope: ApiKeyScope): ApiCaller {
  if (!caller.scopes.includes(scope))
    throw AppError.forbidden(API_KEY_MESSAGES.insufficientScope(scope), 'INSUFFICIENT_SCOPE');
  return caller;
}

/** Whether a key may see the entity: every entity of the customer, or one of its list. */
export function mayUseEntity(caller: ApiCaller, entityId: string | null): boolean {
  return entityVisible(caller, entityId);
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes,
    entity_ids: row.entityIds,
    created_at: row.createdAt.toISOString(),
    last_used_at: iso(row.lastUsedAt),
    expires_at: iso(row.expiresAt),
  };
}

const unauthenticated = () =>
  AppError.unauthorized(API_KEY_MESSAGES.unauthenticated, 'UNAUTHENTICATED');

export function createApiKeysService({ db, clock, ownsEntity, standingOf }: ApiKeysDeps) {
  return {
    /** The keys not revoked; a member limited to some entities sees the keys of theirs only. */
    async list(userId: string, access?: EntityAccess): Promise<ApiKey[]> {
      return (await repo.listActiveApiKeys(db, userId, access)).map(toApiKey);
    },

    /**
     * `limit`: the entities of the member creating it (null: all); a key can do at most
     * what its creator may, so it is limited to them.
     */
    async create(
      userId: string,
      input: ApiKeyCreateInput,
      limit: string[] | null = null,
      createdBy: string | null = null,
    ): Promise<CreatedApiKey> {
      const now = clock();
      if (!(await getEntitlements(db, userId, now)).hasApi)
        throw AppError.forbidden(API_KEY_MESSAGES.notOnPlan, 'PLAN_LIMIT');
      const expiresAt = input.expires_at ? new Date(input.expires_at) : null;
      if (expiresAt && expiresAt.getTime() <= now.getTime())
        throw AppError.badRequest(API_KEY_MESSAGES.expiryNotInFuture, 'VALIDATION_FAILED');
      const asked = input.entity_ids ?? null;
      const entityIds = limit === null || (asked !== null && asked.length > 0) ? asked : limit;
      for (const entityId of entityIds ?? []) {
        if ((limit !== null && !limit.includes(entityId)) || !(await ownsEntity(userId, entityId)))
          throw AppError.badRequest(API_KEY_MESSAGES.entityNotYours, 'COMPANY_NOT_FOUND');
      }
      const { key, prefix, secretHash } = generateApiKey();
      const row = await repo.insertApiKey(db, {
        userId,
        name: input.name,
        prefix,
        secretHash,
        scopes: input.scopes,
        entityIds,
        createdBy,
        expiresAt,
        createdAt: now,
      });
      return { ...toApiKey(row), key };
    },

    async revoke(userId: string, id: string, access?: EntityAccess) {
      if (!(await repo.revokeApiKey(db, userId, id, clock(), access)))
        throw AppError.notFound(API_KEY_MESSAGES.notFound, 'API_KEY_NOT_FOUND');
    },

    /**
     * The caller of a public API request, from its `Authorization` header. A missing, wrong,
     * expired or revoked key, or a plan without API access, is the same 401.
     */
    async authenticate(header: string | undefined): Promise<ApiCaller> {
      const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
      const parsed = match?.[1] ? parseApiKey(match[1]) : undefined;
      if (!parsed) throw unauthenticated();
      const found = await repo.findKeyByPrefix(db, parsed.prefix);
      if (!found || !secretMatches(parsed.secret, found.key.secretHash)) throw unauthenticated();
      const now = clock();
      const { key, user } = found;
      if (key.revokedAt || (key.expiresAt && key.expiresAt.getTime() <= now.getTime()))
        throw unauthenticated();
      if (!user.isVerified) throw unauthenticated();
      const entitlements = await getEntitlements(db, user.id, now);
      if (!entitlements.hasApi) throw unauthenticated();
      // A key does at most what its creator may do now: a member removed, their key stops;
      // their role narrows its scopes, their entities its entities.
      const creator =
        key.createdBy && key.createdBy !== user.id && standingOf
          ? await standingOf(key.createdBy, user.id)
          : { role: 'owner' as const, entityIds: null };
      if (!creator) throw unauthenticated();
      await repo.touchApiKey(db, key.id, now);
      return {
        keyId: key.id,
        user: { id: user.id, email: user.email, name: user.name },
        tier: entitlements.tier,
        scopes: key.scopes.filter((scope) => SCOPES_OF_ROLE[creator.role].includes(scope)),
        entityIds: bothAllow(key.entityIds, creator.entityIds),
        role: creator.role,
        actorId: key.createdBy ?? user.id,
      };
    },

    me(caller: ApiCaller): ApiMe {
      return { ...caller.user, plan: caller.tier };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
