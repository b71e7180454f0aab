import { DEFAULT_BRAND, type Brand } from '@cadence/shared';
import { AUTH_MESSAGES, type ApiLogList, type Profile } from '@cadence/shared';
import type { Logger } from '../../logger.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { EntityAccess } from '../../lib/entity-scope.js';
import type { Storage } from '../../integrations/storage.js';
import type { Clock } from '../../lib/clock.js';
import { reencodeAvatar } from './avatar-image.js';
import * as repo from './customer.repository.js';
import { updateProfile } from '../auth/index.js';
import { getEntitlements } from '../plans/index.js';

export interface CustomerServiceDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
  logger: Logger;
  /** Rate limit, storage allowance and the upload records (the uploads module's). */
  uploads: {
    countAttempt(userId: string): Promise<void>;
    record(userId: string, kind: 'avatar', storageKey: string, sizeBytes: number): Promise<unknown>;
  };
  /** The workspace's brand for its members' top bar (white label), Cadence's without. */
  brandOf?: (workspaceId: string) => Promise<Brand>;
}

export const AVATAR_FOLDER = 'avatars';

function toProfile(row: repo.ProfileRow): Profile {
  return {
    name: row.name,
    email: row.email,
    profile_image: row.avatarUrl,
    gender: row.gender,
    address: row.address,
  };
}

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

export function createCustomerService(deps: CustomerServiceDeps) {
  const { db, clock } = deps;

  async function requireProfile(userId: string) {
    const row = await repo.findProfile(db, userId);
    if (!row) throw AppError.unauthorized(AUTH_MESSAGES.sessionExpired, 'SESSION_EXPIRED');
    return row;
  }

  return {
    /**
     * Whether the customer's plan includes AI (the server's own keys are checked by the
     * route) and the public API (API keys).
     */
    brandOf: (userId: string): Promise<Brand> =>
      deps.brandOf ? deps.brandOf(userId) : Promise.resolve({ ...DEFAULT_BRAND }),

    async planAccess(userId: string) {
      const { hasAi, hasApi, hasBulkScheduling } = await getEntitlements(db, userId, clock());
      return { hasAi, hasApi, hasBulkScheduling };
    },

    async getProfile(userId: string) {
      return toProfile(await requireProfile(userId));
    },

    /** Counts an avatar upload attempt against the account's upload rate (429 past it). */
    async countAvatarUpload(userId: string) {
      await deps.uploads.countAttempt(userId);
    },

    /** Saves the fields and, when sent, a re-encoded avatar that replaces (and deletes) the old one. */
    async updateProfile(
      userId: string,
      fields: { name: string; gender: Profile['gender']; address: string | null },
      avatarBytes: Buffer | null,
    ) {
      let avatar: { key: string; url: string } | undefined;
      if (avatarBytes) {
        // The attempt was counted as the image arrived (`countAvatarUpload`).
        const encoded = await reencodeAvatar(avatarBytes);
        avatar = await deps.storage.save(AVATAR_FOLDER, 'webp', encoded);
        // Over the rate or the allowance: the file is removed again and the upload refused.
        await deps.uploads.record(userId, 'avatar', avatar.key, encoded.length);
      }
      let previousKey: string | null = null;
      let saved: repo.ProfileRow | undefined;
      try {
        saved = await db.transaction(async (tx) => {
          const before = await repo.findProfile(tx, userId, { forUpdate: true });
          previousKey = before?.avatarKey ?? null;
          return updateProfile(tx, userId, { ...fields, avatar, now: clock() });
        });
      } catch (error) {
        if (avatar) await deps.storage.remove(avatar.key);
        throw error;
      }
      if (!saved) throw AppError.unauthorized(AUTH_MESSAGES.sessionExpired, 'SESSION_EXPIRED');
      if (avatar && previousKey) {
        await deps.storage.remove(previousKey).catch((error: unknown) => {
          deps.logger.warn({ err: error }, 'could not remove the previous avatar');
        });
      }
      return toProfile(saved);
    },

    /** The AI call log; `access`: a limited member reads the calls about their entities. */
    async listApiLogs(
      userId: string,
      page: { page: number; limit: number },
      access?: EntityAccess,
    ): Promise<ApiLogList> {
      const [list, month] = await Promise.all([
        repo.listAiCalls(db, userId, page, access),
        repo.summariseAiCalls(db, userId, monthStart(clock()), access),
      ]);
      return {
        rows: list.rows.map((row) => ({
          id: row.id,
          platform: row.platform,
          model: row.model,
          purpose: row.purpose,
          responseTime: row.responseTimeMs,
          inputTokens: row.inputTokens,
          outputTokens: row.outputTokens,
          timestamp: row.createdAt.toISOString(),
          error: row.error,
          warning: row.warning,
          prompt: row.prompt,
          response: row.response,
        })),
        count: list.total.count,
        count_is_exact: list.total.isExact,
        page: page.page,
        limit: page.limit,
        month: {
          calls: month.calls,
          errors: month.errors,
          input_tokens: month.inputTokens,
          output_tokens: month.outputTokens,
        },
      };
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
