import type {
  NetworkId,
  PublicationStatus,
  WebhookEvent,
  WebhookPublicationData,
} from '@cadence/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { executePrepared } from '../../db/prepared.js';

/** Something that happened, to tell the customer's subscribed endpoints about. */
export interface WebhookEventInput {
  userId: string;
  type: WebhookEvent;
  /** The entity it concerns; endpoints limited to entities hear only of theirs. */
  entityId: string | null;
  data: object;
  at: Date;
}

/** The JSON every attempt of the event sends: `{ type, timestamp, data }`. */
export function webhookBody(type: string, at: Date, data: object) {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/**
 * The outbox write: one message per enabled endpoint of the customer subscribed to the
 * event (and, when limited to entities, to its entity), in ONE statement that is also the
 * lookup, on `webhook_endpoints`' user index: with no such endpoint it inserts nothing. It
 * may go into a CTE of the statement that makes the change (`guard` then says whether the
 * change happened), or run in the change's transaction (`recordWebhookEvent`).
 */
export function webhookOutboxInsert(event: WebhookEventInput, guard?: SQL): SQL {
  const at = event.at.toISOString();
  const entityFilter =
    event.entityId === null
      ? sql`e.entity_ids is null`
      : sql`(e.entity_ids is null or e.entity_ids @> ${JSON.stringify([event.entityId])}::jsonb)`;
  // An endpoint a member made hears only what they may see now: still in the workspace, a
  // manager (endpoints are managers'), and limited to no entities or to the event's.
  const memberEntityFilter =
    event.entityId === null
      ? sql`m.entity_ids is null`
      : sql`(m.entity_ids is null or m.entity_ids @> ${JSON.stringify([event.entityId])}::jsonb)`;
  const creatorMayHear = sql`(e.created_by is null or e.created_by = e.user_id or exists (
      select 1 from memberships m
      where m.workspace_id = e.user_id and m.user_id = e.created_by
        and m.role = 'manager' and ${memberEntityFilter}))`;
  return sql`insert into webhook_messages (endpoint_id, event_type, body, next_attempt_at, created_at)
    select e.id, ${event.type}, ${webhookBody(event.type, event.at, event.data)},
      ${at}::timestamptz, ${at}::timestamptz
    from webhook_endpoints e
    where e.user_id = ${event.userId} and e.enabled
      and e.events @> ${JSON.stringify([event.type])}::jsonb and ${entityFilter}
      and ${creatorMayHear}
      ${guard ? sql`and ${guard}` : sql``}`;
}

/**
 * Records the event in the outbox: call it with the transaction of the change it reports,
 * so the event exists exactly when the change does.
 */
export async function recordWebhookEvent(db: DbExecutor, event: WebhookEventInput) {
  // Named (db/prepared.ts): every finished occurrence writes one, and its text has two forms.
  await executePrepared(db, 'webhook_event', webhookOutboxInsert(event));
}

/** A publication's columns, as the publishing module keeps them. */
export interface PublicationForEvent {
  id: string;
  network: NetworkId;
  status: PublicationStatus;
  attempts: number;
  externalUrl: string | null;
  publishedAt: Date | null;
  errorCode: string | null;
  lastError: string | null;
}

/**
 * A publication as the public API shows it (`GET /api/v1/posts/:id`, and the data of every
 * publication event): one mapping for both.
 */
export function apiPublicationOf(publication: PublicationForEvent, scheduledFor: Date) {
  return {
    id: publication.id,
    network: publication.network,
    status: publication.status,
    scheduled_for: scheduledFor.toISOString(),
    published_at: publication.publishedAt ? publication.publishedAt.toISOString() : null,
    url: publication.externalUrl,
    error:
      publication.errorCode || publication.lastError
        ? { code: publication.errorCode ?? 'failed', message: publication.lastError ?? '' }
        : null,
    attempts: publication.attempts,
  };
}

/** A publication event's data: the publication as /api/v1/posts/:id shows it, its post and entity. */
export function publicationEventData(
  publication: PublicationForEvent,
  context: { postId: string; entityId: string | null; scheduledFor: Date },
): WebhookPublicationData {
  return {
    ...apiPublicationOf(publication, context.scheduledFor),
    post_id: context.postId,
    entity_id: context.entityId,
  };
}

/** The event a publication's new status calls for (none for pending, publishing, cancelled). */
export function publicationEventType(status: PublicationStatus): WebhookEvent | null {
  switch (status) {
    case 'published':
      return 'publication.published';
    case 'failed':
      return 'publication.failed';
    case 'unconfirmed':
      return 'publication.unconfirmed';
    case 'missed':
      return 'publication.missed';
    default:
      return null;
  }
}

/** `post.completed`'s data: how one scheduled time ended across its networks. */
export function postCompletedData(input: {
  postId: string;
  entityId: string | null;
  scheduledFor: Date;
  statuses: readonly PublicationStatus[];
}) {
  const statuses = input.statuses.filter((status) => status !== 'cancelled');
  const count = (status: PublicationStatus) => statuses.filter((s) => s === status).length;
  const counts = {
    total: statuses.length,
    published: count('published'),
    failed: count('failed'),
    unconfirmed: count('unconfirmed'),
    missed: count('missed'),
  };
  const outcome =
    counts.published === counts.total && counts.total > 0
      ? 'published'
      : counts.published > 0
        ? 'partial'
        : 'failed';
  return {
    post_id: input.postId,
    entity_id: input.entityId,
    scheduled_for: input.scheduledFor.toISOString(),
    outcome,
    counts,
  };
}
