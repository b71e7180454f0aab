// Tables owned by the publishing module (src/modules/publishing): only its code writes them.
import { sql } from 'drizzle-orm';
import type { FollowUpStatus, NetworkId, PublicationStatus } from '@cadence/shared';
import {
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { socialConnections } from './connections.js';
import { scheduledInstances } from './schedules.js';

/**
 * One network's copy of one instance. The unique (instance, network) pair and an
 * external id that is never overwritten are what make a twice-run job post once.
 */
export const publications = pgTable(
  'publications',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    instanceId: uuid('instance_id')
      .notNull()
      .references(() => scheduledInstances.id, { onDelete: 'cascade' }),
    network: text('network').$type<NetworkId>().notNull(),
    connectionId: uuid('connection_id').references(() => socialConnections.id, {
      onDelete: 'set null',
    }),
    /** The account name at scheduling time, shown on the card even after a disconnect. */
    accountName: text('account_name'),
    status: text('status').$type<PublicationStatus>().notNull().default('pending'),
    externalId: text('external_id'),
    externalUrl: text('external_url'),
    /** What a reply to the post must also name (Bluesky: the record's cid), for its thread. */
    externalRef: text('external_ref'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    errorCode: text('error_code'),
    /** When a publisher took it (a stale claim means the worker died mid-call). */
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * The process that holds the claim (its heartbeat id), when it beats: once it falls silent
     * the claim is stale at once, without waiting for the job expiry (decision 131).
     */
    claimedBy: text('claimed_by'),
    /**
     * True while the claim's holder prepares (Instagram and Threads media containers) and has
     * not yet made the call that can make the post public. A stale claim still true posted
     * nothing: it goes back to pending instead of unconfirmed (decision 094).
     */
    sendPending: boolean('send_pending').notNull().default(false),
    /**
     * What a holder prepared before its publishing call and left for whoever sends the post
     * next: an Instagram or Threads media container, as its adapter wrote it (with a key of the
     * content it was made for). A takeover reads the container's status instead of making and
     * waiting for a new one; the adapter uses it only while the network says it is unpublished
     * and ready or processing (decision 134).
     */
    prepared: text('prepared'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /**
     * Due again at: set when the customer asks for a retry or to publish now. The missed
     * rule counts from it (else from the instance's time), so a manual retry of an old post
     * is not missed at once.
     */
    dueAt: timestamp('due_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /**
     * While unconfirmed: when the network is next read to find out whether the post went
     * out (null: not to be read, or no longer). A worker taking a look moves it ahead by a
     * lease; the value it wrote is its claim on the look.
     */
    readBackAt: timestamp('read_back_at', { withTimezone: true }),
    /**
     * The process holding the look (its heartbeat id) while `read_back_at` is its lease: once
     * it falls silent the look is taken over at once, not when the lease runs out (decision 136).
     */
    readBackBy: text('read_back_by'),
    /** Looks taken at the network since the publication became unconfirmed. */
    readBacks: smallint('read_backs').notNull().default(0),
    /** Of those, the looks the network answered without the post. */
    readBacksAbsent: smallint('read_backs_absent').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('publications_instance_network_key').on(table.instanceId, table.network),
    // The reconciler's look for a publish-now or retry due before its instance's own time.
    index('publications_pending_due_idx')
      .on(table.dueAt)
      .where(sql`${table.status} = 'pending' and ${table.dueAt} is not null`),
    // The metrics job's look for publications published since the last it started reading.
    index('publications_published_idx')
      .on(table.publishedAt)
      .where(sql`${table.status} = 'published'`),
    // A post found on the network is never one another publication holds (the read-back's
    // check before it records a found post's id).
    index('publications_external_id_idx')
      .on(table.network, table.externalId)
      .where(sql`${table.externalId} is not null`),
    // The read-back's look for unconfirmed publications whose look is due.
    index('publications_read_back_idx')
      .on(table.readBackAt)
      .where(sql`${table.status} = 'unconfirmed' and ${table.readBackAt} is not null`),
  ],
);

export type PublicationRow = typeof publications.$inferSelect;

/**
 * What goes out after a publication, on its network, as its own posts: the thread's parts
 * (`kind` 'thread', positions 2..n, each a reply to the one before) and the first comment
 * (`kind` 'comment', position 1). Each is claimed and recorded like a publication
 * (decision 003): one claim per part before its call, its external id written once, so a
 * part is never sent twice and a thread resumes at its first part without an id.
 */
export const publicationParts = pgTable(
  'publication_parts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    publicationId: uuid('publication_id')
      .notNull()
      .references(() => publications.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'thread' | 'comment'>().notNull(),
    /** Thread: the part's number (the publication itself is part 1). Comment: 1. */
    position: smallint('position').notNull(),
    /** The text as it was when the publication went out (later edits do not change a thread half sent). */
    content: text('content').notNull(),
    status: text('status').$type<FollowUpStatus>().notNull().default('pending'),
    externalId: text('external_id'),
    /** What a reply to it must also name (Bluesky: the record's cid). */
    externalRef: text('external_ref'),
    externalUrl: text('external_url'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    errorCode: text('error_code'),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Not before: a comment's delay, a retry's backoff. */
    dueAt: timestamp('due_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('publication_parts_publication_kind_position_key').on(
      table.publicationId,
      table.kind,
      table.position,
    ),
    // The reconciler's look for comments whose job was lost.
    index('publication_parts_pending_due_idx')
      .on(table.dueAt)
      .where(sql`${table.status} = 'pending'`),
  ],
);

export type PublicationPartRow = typeof publicationParts.$inferSelect;
