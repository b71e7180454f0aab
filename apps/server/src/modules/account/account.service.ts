import { Readable } from 'node:stream';
import { ACCOUNT_MESSAGES, postStatusOf, type DeleteAccount } from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import { lockAdminRights } from '../../db/admin-rights.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Storage } from '../../integrations/storage.js';
import type { Clock } from '../../lib/clock.js';
import { deleteUser, verifyPassword } from '../auth/index.js';
import * as repo from './account.repository.js';

/**
 * Cancels the account's paid subscription with the payment provider before the account
 * goes (the billing module's, passed in by the composition root).
 */
export type CancelSubscription = (userId: string) => Promise<void>;

export interface AccountDeps {
  db: Db;
  storage: Storage;
  clock: Clock;
  logger: FastifyBaseLogger;
  cancelSubscription: CancelSubscription;
  /** The account's saved zone and daylight-saving choice (the settings module's), for the export. */
  savedSettings: (userId: string) => Promise<unknown>;
  /** Drops this process's cached account, so its tokens answer 401 at once (decision 040). */
  forgetSession: (userId: string) => void;
}

type Cursor = { at: Date; id: string };
type Row = { createdAt: Date; id: string };

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

/** Pages through a newest-first keyset query until it runs dry. */
async function* pages<T extends Row>(fetch: (cursor?: Cursor) => Promise<T[]>) {
  let cursor: Cursor | undefined;
  for (;;) {
    const rows = await fetch(cursor);
    if (rows.length === 0) return;
    yield rows;
    const last = rows[rows.length - 1]!;
    cursor = { at: last.createdAt, id: last.id };
  }
}

/** A JSON array written element by element, so the whole never sits in memory. */
async function* jsonArray<T extends Row>(
  name: string,
  fetch: (cursor?: Cursor) => Promise<T[]>,
  toJson: (row: T) => unknown,
) {
  yield `,\n${JSON.stringify(name)}: [`;
  let isFirst = true;
  for await (const rows of pages(fetch)) {
    let chunk = '';
    for (const row of rows) {
      chunk += (isFirst ? '\n' : ',\n') + JSON.stringify(toJson(row));
      isFirst = false;
    }
    yield chunk;
  }
  yield '\n]';
}

export function createAccountService(deps: AccountDeps) {
  const { db } = deps;
  const { cancelSubscription } = deps;

  async function* archive(
    userId: string,
    profile: NonNullable<Awaited<ReturnType<typeof repo.findProfile>>>,
  ) {
    yield `{\n"format": "cadence-export",\n"version": 1,\n"exported_at": ${JSON.stringify(deps.clock().toISOString())}`;
    yield `,\n"profile": ${JSON.stringify({
      id: profile.id,
      name: profile.name,
      email: profile.email,
      is_admin: profile.isAdmin,
      gender: profile.gender,
      address: profile.address,
      profile_image: profile.avatarUrl,
      created_at: iso(profile.createdAt),
    })}`;
    yield `,\n"settings": ${JSON.stringify((await deps.savedSettings(userId)) ?? null)}`;
    const entities = await repo.listEntities(db, userId);
    yield `,\n"entities": ${JSON.stringify(
      entities.rows.map((row) => ({
        id: row.id,
        name: row.name,
        website: row.website,
        industry: row.industry,
        custom_industry: row.customIndustry,
        description: row.description,
        logo_url: row.logoUrl,
        created_at: iso(row.createdAt),
        // What each network connection is, never its credentials.
        connections: entities.connections
          .filter((connection) => connection.companyId === row.id)
          .map((connection) => ({
            network: connection.network,
            account_name: connection.accountName,
            account_id: connection.accountId,
            needs_reconnect: connection.needsReconnect,
            connected_at: iso(connection.connectedAt),
            disconnected_at: iso(connection.disconnectedAt),
          })),
      })),
    )}`;
    yield* jsonArray(
      'posts',
      (cursor) => repo.postPage(db, userId, cursor),
      (row) => ({
        id: row.id,
        company_id: row.companyId,
        content: row.content,
        url: row.url,
        shortened_url: row.shortenedUrl,
        scheduled_for: iso(row.scheduledFor),
        tone: row.tone,
        platforms: row.platforms,
        status: postStatusOf(row.scheduledFor),
        media: row.mediaUrl
          ? { url: row.mediaUrl, name: row.mediaName, type: row.mediaType }
          : null,
        created_at: iso(row.createdAt),
        updated_at: iso(row.updatedAt),
      }),
    );
    yield* jsonArray(
      'schedules',
      (cursor) => repo.schedulePage(db, userId, cursor),
      (row) => ({
        id: row.id,
        post_id: row.postId,
        networks: row.networks,
        first_at: iso(row.firstAt),
        repeat_type: row.repeatType,
        repeat_until: iso(row.repeatUntil),
        timezone: row.timezone,
        created_at: iso(row.createdAt),
      }),
    );
    yield* jsonArray(
      'post_logs',
      (cursor) => repo.postLogPage(db, userId, cursor),
      (row) => ({
        id: row.id,
        post_id: row.postId,
        platform: row.platform,
        status: row.status,
        message: row.message,
        error_code: row.errorCode,
        retry_count: row.retryCount,
        scheduled_for: iso(row.scheduledFor),
        created_at: iso(row.createdAt),
      }),
    );
    yield* jsonArray(
      'ai_logs',
      (cursor) => repo.aiLogPage(db, userId, cursor),
      (row) => ({
        id: row.id,
        platform: row.platform,
        model: row.model,
        purpose: row.purpose,
        prompt: row.prompt,
        response: row.response,
        response_time_ms: row.responseTimeMs,
        input_tokens: row.inputTokens,
        output_tokens: row.outputTokens,
        error: row.error,
        warning: row.warning,
        created_at: iso(row.createdAt),
      }),
    );
    yield* jsonArray(
      'notifications',
      (cursor) => repo.notificationPage(db, userId, cursor),
      (row) => ({
        id: row.id,
        kind: row.kind,
        message: row.message,
        post_id: row.postId,
        company_id: row.companyId,
        network: row.network,
        read_at: iso(row.readAt),
        created_at: iso(row.createdAt),
      }),
    );
    yield* jsonArray(
      'api_keys',
      (cursor) => repo.apiKeyPage(db, userId, cursor),
      (row) => ({
        id: row.id,
        name: row.name,
        prefix: row.prefix,
        scopes: row.scopes,
        entity_ids: row.entityIds,
        created_at: iso(row.createdAt),
        last_used_at: iso(row.lastUsedAt),
        expires_at: iso(row.expiresAt),
        revoked_at: iso(row.revokedAt),
      }),
    );
    yield* jsonArray(
      'webhook_endpoints',
      (cursor) => repo.webhookEndpointPage(db, userId, cursor),
      (row) => ({
        id: row.id,
        url: row.url,
        events: row.events,
        entity_ids: row.entityIds,
        enabled: row.enabled,
        disabled_at: iso(row.disabledAt),
        created_at: iso(row.createdAt),
        updated_at: iso(row.updatedAt),
      }),
    );
    yield '\n}\n';
  }

  return {
    /**
     * The account's archive as a stream of JSON text, read page by page as the client takes
     * it (the stream waits while the client is slow), so memory stays flat at any size.
     */
    async exportData(userId: string): Promise<Readable> {
      const profile = await repo.findProfile(db, userId);
      if (!profile) throw AppError.notFound('Account not found', 'ACCOUNT_NOT_FOUND');
      return Readable.from(archive(userId, profile), { objectMode: false });
    },

    /**
     * Removes the account and everything it owns in one transaction (ON DELETE CASCADE from
     * the user row), after cancelling any paid subscription; files and queued publish jobs
     * are cleaned up once the rows are gone.
     */
    async deleteAccount(userId: string, input: DeleteAccount) {
      const profile = await repo.findProfile(db, userId);
      if (!profile) throw AppError.notFound('Account not found', 'ACCOUNT_NOT_FOUND');
      if (!(await verifyPassword(profile.passwordHash, input.password))) {
        throw AppError.badRequest(ACCOUNT_MESSAGES.wrongPassword, 'WRONG_PASSWORD');
      }
      const lastAdmin = () => AppError.conflict(ACCOUNT_MESSAGES.lastAdmin, 'LAST_ADMIN');
      if (profile.isAdmin && (await repo.countOtherAdmins(db, userId)) === 0) throw lastAdmin();

      await cancelSubscription(userId);

      const { fileKeys } = await db.transaction(async (tx) => {
        // Read again under the admin-rights lock: the role may have changed since.
        await lockAdminRights(tx);
        if ((await repo.isAdmin(tx, userId)) && (await repo.countOtherAdmins(tx, userId)) === 0) {
          throw lastAdmin();
        }
        const owned = {
          fileKeys: await repo.listFileKeys(tx, userId),
        };
        await deleteUser(tx, userId);
        return owned;
      });
      deps.forgetSession(userId);

      // Its occurrences, and so their publish runs, went with it (decision 130); a run that
      // was taking one finds it gone and does nothing.
      for (const key of fileKeys) {
        try {
          await deps.storage.remove(key);
        } catch (error) {
          deps.logger.warn({ err: error, key }, 'could not remove a file of a deleted account');
        }
      }
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
