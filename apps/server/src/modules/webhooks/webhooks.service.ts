import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_KEPT_DAYS,
  WEBHOOK_MESSAGES,
  WEBHOOK_ROTATION_HOURS,
  type Webhook,
  type WebhookCreateInput,
  type WebhookDelivery,
  type WebhookListQuery,
  type WebhookUpdateInput,
  type WebhookWithSecret,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../db/schema/webhooks.js';
import { AppError } from '../../errors.js';
import { isAllowedDestination, type FetchGuard } from '../../integrations/public-address.js';
import { postWebhook } from '../../integrations/webhook-post.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { PublishingEvent } from '../notifications/index.js';
import { getEntitlements } from '../plans/index.js';
import { webhookBody } from './outbox.js';
import { generateWebhookSecret, signatureHeader } from './signing.js';
import * as repo from './webhooks.repository.js';

export interface WebhooksDeps {
  db: Db;
  clock: Clock;
  /** Seals the signing secrets at rest. */
  box: SecretBox;
  /** FETCH_ALLOW_HOSTS (hosts or host:ports): exempt from the private-address guard, and may use http://. */
  guard: FetchGuard;
  /** Seconds to wait after each failed attempt (WEBHOOK_RETRY_SCHEDULE). */
  retrySchedule: readonly number[];
  /** How long one attempt may take. */
  timeoutMs: number;
  /** Whether the entity (company) belongs to the customer: companies' answer. */
  ownsEntity: (userId: string, entityId: string) => Promise<boolean>;
  /** The notifications module's `record` (bell and mail). */
  notify: (event: PublishingEvent) => Promise<void>;
  logger: FastifyBaseLogger;
}

/** Which endpoints a caller may see: an API key limited to entities sees only theirs. */
export interface WebhookScope {
  /** null: every entity of the customer (the web app, an unlimited key). */
  entityIds: string[] | null;
  /**
   * The person acting (a member, or the creator of the API key used); an endpoint they make
   * hears events only while they may see them. Absent: the workspace's owner.
   */
  actorId?: string;
}
export const FULL_SCOPE: WebhookScope = { entityIds: null };

const DAY_MS = 24 * 3600 * 1000;
/** A worker holds a claimed message this long; should it die, the message is due again. */
const CLAIM_LEASE_MS = 60_000;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toWebhook(row: WebhookEndpointRow, now: Date): Webhook {
  const rotating = row.previousSecretExpiresAt && row.previousSecretExpiresAt > now;
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    entity_ids: row.entityIds,
    status: row.enabled ? 'enabled' : 'disabled',
    failing_since: iso(row.failingSince),
    disabled_at: iso(row.disabledAt),
    previous_secret_expires_at: rotating ? iso(row.previousSecretExpiresAt) : null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    message_id: row.messageId,
    event: row.eventType,
    attempt: row.attempt,
    status_code: row.statusCode,
    success: row.success,
    error: row.error,
    duration_ms: row.durationMs,
    created_at: row.createdAt.toISOString(),
  };
}

const notFound = () => AppError.notFound(WEBHOOK_MESSAGES.notFound, 'WEBHOOK_NOT_FOUND');

/** A cursor over (created_at, id), opaque to callers. */
function encodeCursor(row: { createdAt: Date; id: string }) {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}
function decodeCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const createdAt = at ? new Date(at) : undefined;
  if (!createdAt || Number.isNaN(createdAt.getTime()) || !id || !/^[0-9a-f-]{36}$/.test(id))
    throw AppError.badRequest(
      'cursor is not valid: use the next_cursor of a page',
      'VALIDATION_FAILED',
    );
  return { createdAt, id };
}

export function createWebhooksService(deps: WebhooksDeps) {
  const { db, clock } = deps;

  /** https, or http for a host the server exempts (FETCH_ALLOW_HOSTS: local receivers). */
  function assertUrl(raw: string) {
    const url = new URL(raw);
    if (url.username || url.password)
      throw AppError.badRequest(WEBHOOK_MESSAGES.urlCredentials, 'WEBHOOK_URL_INVALID');
    const isAllowed = isAllowedDestination(url, deps.guard.allowHosts);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isAllowed))
      throw AppError.badRequest(WEBHOOK_MESSAGES.urlNotHttps, 'WEBHOOK_URL_INVALID');
  }

  const visible = (row: WebhookEndpointRow, scope: WebhookScope) =>
    scope.entityIds === null ||
    (row.entityIds !== null && row.entityIds.every((id) => scope.entityIds!.includes(id)));

  async function load(userId: string, id: string, scope: WebhookScope) {
    const row = await repo.findEndpoint(db, userId, id);
    if (!row || !visible(row, scope)) throw notFound();
    return row;
  }

  /** The entities to store: the customer's own, and within a limited key's (its own by default). */
  async function entitiesFor(userId: string, given: string[] | null, scope: WebhookScope) {
    const ids = given ?? scope.entityIds;
    for (const id of ids ?? []) {
      const allowedByKey = scope.entityIds === null || scope.entityIds.includes(id);
      if (!allowedByKey || !(await deps.ownsEntity(userId, id)))
        throw AppError.badRequest(WEBHOOK_MESSAGES.entityNotYours, 'COMPANY_NOT_FOUND');
    }
    return ids;
  }

  async function assertPlan(userId: string) {
    if (!(await getEntitlements(db, userId, clock())).hasApi)
      throw AppError.forbidden(WEBHOOK_MESSAGES.notOnPlan, 'PLAN_LIMIT');
  }

  /** The secrets that sign now: the current one, and the previous during a rotation. */
  function signingSecrets(row: WebhookEndpointRow, now: Date) {
    const secrets = [deps.box.open(row.secretSealed)];
    if (
      row.previousSecretSealed &&
      row.previousSecretExpiresAt &&
      row.previousSecretExpiresAt > now
    )
      secrets.push(deps.box.open(row.previousSecretSealed));
    return secrets;
  }

  /** After a failed attempt: the endpoint fails on; three days of it and it is turned off. */
  async function afterFailure(endpoint: WebhookEndpointRow, now: Date) {
    const disabled = await db.transaction(async (tx) => {
      const since = await repo.markFailing(tx, endpoint.id, now);
      const limit = new Date(now.getTime() - WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS);
      if (since > limit) return undefined;
      return repo.disableFailingEndpoint(tx, endpoint.id, limit, now);
    });
    if (!disabled) return;
    deps.logger.warn(
      { endpointId: endpoint.id, userId: endpoint.userId },
      'webhook endpoint disabled after failing for days',
    );
    await deps.notify({
      workspaceId: endpoint.userId,
      kind: 'webhook_disabled',
      postId: null,
      companyId: null,
      network: null,
      message: WEBHOOK_MESSAGES.disabledNotice(endpoint.url, WEBHOOK_DISABLE_AFTER_DAYS),
    });
  }

  return {
    async list(
      userId: string,
      scope: WebhookScope,
      query: WebhookListQuery,
    ): Promise<{ data: Webhook[]; next_cursor: string | null }> {
      const now = clock();
      const after = decodeCursor(query.cursor);
      // At most WEBHOOK_ENDPOINTS_MAX rows: paged here rather than in SQL.
      const rows = (await repo.listEndpoints(db, userId)).filter(
        (row) =>
          visible(row, scope) &&
          (!after ||
            row.createdAt < after.createdAt ||
            (row.createdAt.getTime() === after.createdAt.getTime() && row.id < after.id)),
      );
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map((row) => toWebhook(row, now)),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    async get(userId: string, id: string, scope: WebhookScope): Promise<Webhook> {
      return toWebhook(await load(userId, id, scope), clock());
    },

    async create(
      userId: string,
      input: WebhookCreateInput,
      scope: WebhookScope,
    ): Promise<WebhookWithSecret> {
      await assertPlan(userId);
      assertUrl(input.url);
      const entityIds = await entitiesFor(userId, input.entity_ids ?? null, scope);
      if ((await repo.countEndpoints(db, userId)) >= WEBHOOK_ENDPOINTS_MAX)
        throw AppError.conflict(WEBHOOK_MESSAGES.tooMany, 'WEBHOOK_LIMIT');
      const secret = generateWebhookSecret();
      const now = clock();
      const row = await repo.insertEndpoint(db, {
        userId,
        url: input.url,
        events: input.events,
        entityIds,
        createdBy: scope.actorId && scope.actorId !== userId ? scope.actorId : null,
        secretSealed: deps.box.seal(secret),
        createdAt: now,
        updatedAt: now,
      });
      return { ...toWebhook(row, now), secret };
    },

    async update(
      userId: string,
      id: string,
      input: WebhookUpdateInput,
      scope: WebhookScope,
    ): Promise<Webhook> {
      const existing = await load(userId, id, scope);
      if (input.url !== undefined) assertUrl(input.url);
      const now = clock();
      const entityIds =
        input.entity_ids === undefined
          ? undefined
          : await entitiesFor(userId, input.entity_ids, scope);
      const turnOn = input.enabled === true && !existing.enabled;
      const turnOff = input.enabled === false && existing.enabled;
      const row = await db.transaction(async (tx) => {
        const updated = await repo.updateEndpoint(tx, userId, id, {
          ...(input.url !== undefined ? { url: input.url } : {}),
          ...(input.events !== undefined ? { events: input.events } : {}),
          ...(entityIds !== undefined ? { entityIds } : {}),
          // On again: its failure clock starts afresh.
          ...(turnOn ? { enabled: true, disabledAt: null, failingSince: null } : {}),
          ...(turnOff ? { enabled: false, disabledAt: now } : {}),
          updatedAt: now,
        });
        if (turnOff) await repo.giveUpMessages(tx, id);
        return updated;
      });
      if (!row) throw notFound();
      return toWebhook(row, now);
    },

    async remove(userId: string, id: string, scope: WebhookScope) {
      await load(userId, id, scope);
      if (!(await repo.deleteEndpoint(db, userId, id))) throw notFound();
    },

    /** A new secret; the previous one keeps signing for 24 hours (both signatures sent). */
    async rotateSecret(
      userId: string,
      id: string,
      scope: WebhookScope,
    ): Promise<WebhookWithSecret> {
      const existing = await load(userId, id, scope);
      const secret = generateWebhookSecret();
      const now = clock();
      const row = await repo.updateEndpoint(db, userId, id, {
        secretSealed: deps.box.seal(secret),
        previousSecretSealed: existing.secretSealed,
        previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_ROTATION_HOURS * 3600_000),
        updatedAt: now,
      });
      if (!row) throw notFound();
      return { ...toWebhook(row, now), secret };
    },

    /** Queues `webhook.test` to the endpoint, whatever its events (even while disabled). */
    async sendTest(userId: string, id: string, scope: WebhookScope) {
      const endpoint = await load(userId, id, scope);
      const now = clock();
      const message = await repo.insertMessage(db, {
        endpointId: endpoint.id,
        eventType: 'webhook.test',
        body: webhookBody('webhook.test', now, {
          webhook_id: endpoint.id,
          message: 'This is a test event from Cadence.',
        }),
        at: now,
      });
      return { message_id: message.id };
    },

    async deliveries(
      userId: string,
      id: string,
      scope: WebhookScope,
      query: WebhookListQuery,
    ): Promise<{ data: WebhookDelivery[]; next_cursor: string | null }> {
      await load(userId, id, scope);
      const rows = await repo.listDeliveries(db, id, query.limit + 1, decodeCursor(query.cursor));
      const page = rows.slice(0, query.limit);
      const last = page.at(-1);
      return {
        data: page.map(toDelivery),
        next_cursor: rows.length > query.limit && last ? encodeCursor(last) : null,
      };
    },

    /** Sends the delivery's event again (same `webhook-id`), as one more attempt. */
    async redeliver(userId: string, id: string, deliveryId: string, scope: WebhookScope) {
      const endpoint = await load(userId, id, scope);
      const delivery = await repo.findDelivery(db, endpoint.id, deliveryId);
      if (!delivery)
        throw AppError.notFound(WEBHOOK_MESSAGES.deliveryNotFound, 'WEBHOOK_DELIVERY_NOT_FOUND');
      if (!endpoint.enabled && delivery.eventType !== 'webhook.test')
        throw AppError.conflict(WEBHOOK_MESSAGES.redeliverDisabled, 'WEBHOOK_DISABLED');
      await repo.requeueMessage(db, delivery.messageId, clock());
      return { message_id: delivery.messageId };
    },

    /** The dispatcher's part: due messages, each held for its delivery job. */
    async claimDue(limit = 100): Promise<string[]> {
      const rows = await repo.claimDueMessages(db, clock(), CLAIM_LEASE_MS, limit);
      return rows.map((row) => row.id);
    },

    /**
     * Recurring work: events and attempts past WEBHOOK_KEPT_DAYS are deleted (an event still
     * being retried stays until it is settled).
     */
    async sweep() {
      return repo.deleteSettledBefore(db, new Date(clock().getTime() - WEBHOOK_KEPT_DAYS * DAY_MS));
    },

    /**
     * The delivery job's work: one attempt of one message, signed, through the address
     * guard, with its outcome recorded and its next attempt set by the retry schedule.
     */
    async deliver(messageId: string) {
      const found = await repo.findMessageToSend(db, messageId);
      if (!found) return 'gone' as const;
      const { message, endpoint } = found;
      const attempt = message.attempts + 1;
      const startedAt = clock();
      if (!endpoint.enabled && message.eventType !== 'webhook.test') {
        await repo.giveUpMessages(db, endpoint.id);
        return 'disabled' as const;
      }
      const timestamp = Math.floor(startedAt.getTime() / 1000);
      const result = await postWebhook({
        url: endpoint.url,
        body: message.body,
        headers: {
          'webhook-id': message.id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signatureHeader(
            signingSecrets(endpoint, startedAt),
            message.id,
            timestamp,
            message.body,
          ),
        },
        guard: deps.guard,
        timeoutMs: deps.timeoutMs,
      });
      const success =
        result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
      const now = clock();
      const wait = deps.retrySchedule[attempt - 1];
      const next = success
        ? ({ status: 'delivered' } as const)
        : wait === undefined
          ? ({ status: 'failed' } as const)
          : ({ status: 'pending', at: new Date(now.getTime() + wait * 1000) } as const);
      const recorded = await repo.recordAttempt(db, {
        messageId: message.id,
        endpointId: endpoint.id,
        eventType: message.eventType,
        attempt,
        statusCode: result.statusCode,
        success,
        error: success ? null : (result.error ?? `answered ${result.statusCode}`),
        durationMs: result.durationMs,
        at: now,
        next,
      });
      if (!recorded) return 'raced' as const;
      if (success) await repo.clearFailing(db, endpoint.id);
      else if (endpoint.enabled) await afterFailure(endpoint, now);
      return success ? ('delivered' as const) : ('failed' as const);
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
