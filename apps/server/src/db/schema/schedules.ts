// Tables owned by the schedules module (src/modules/schedules): only its code writes them.
import { sql } from 'drizzle-orm';
import type { NetworkId, RepeatType } from '@cadence/shared';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { posts } from './posts.js';

/** What the customer asked for: a post, its networks, a first time and an optional repeat. */
export const schedules = pgTable(
  'schedules',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    networks: jsonb('networks').$type<NetworkId[]>().notNull(),
    /** The person who scheduled it (the owner or a member); null for schedules from before teams. */
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** The person who last moved or changed it (the calendar, the Schedule dialog); null until then. */
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    firstAt: timestamp('first_at', { withTimezone: true }).notNull(),
    repeatType: text('repeat_type').$type<RepeatType>(),
    repeatUntil: timestamp('repeat_until', { withTimezone: true }),
    /** The zone the wall-clock time was chosen in; repeats keep that wall-clock time. */
    timezone: text('timezone').notNull().default('UTC'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('schedules_post_idx').on(table.postId)],
);

export const INSTANCE_STATUSES = [
  'pending',
  'publishing',
  'published',
  'partial',
  'failed',
  'missed',
  'cancelled',
] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];

/**
 * One occurrence of a schedule, and its own publish job: the publisher takes the rows whose
 * run is due (`run_at`, or a lease that ran out) straight from this table (decision 130).
 */
export const scheduledInstances = pgTable(
  'scheduled_instances',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    status: text('status').$type<InstanceStatus>().notNull().default('pending'),
    /**
     * When the publisher should next run it; null: nothing asked. Taken (set to null) by the
     * run that starts, so an ask made while a run works is kept for the next one.
     */
    runAt: timestamp('run_at', { withTimezone: true }),
    /**
     * A worker holds it until then (PUBLISH_JOB_EXPIRE_SECONDS after taking it): a worker that
     * dies leaves it to be taken again at that time. After a run that threw: its backoff.
     */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /**
     * The process holding the lease (its heartbeat id), when it beats: once it falls silent
     * the lease is let go at once rather than when it runs out (decision 131).
     */
    leaseOwner: text('lease_owner'),
    /** Runs that threw in a row (a database blip, a bug): each doubles the wait before the next. */
    runFailures: integer('run_failures').notNull().default(0),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('scheduled_instances_user_time_idx').on(table.userId, table.scheduledFor),
    index('scheduled_instances_schedule_idx').on(table.scheduleId),
    index('scheduled_instances_post_idx').on(table.postId),
    index('scheduled_instances_status_time_idx').on(table.status, table.scheduledFor),
    // The publisher's scan: only rows with a run asked or a lease (a few, whatever the table).
    index('scheduled_instances_due_run_idx')
      .on(sql`(coalesce(${table.leaseUntil}, ${table.runAt}))`)
      .where(sql`coalesce(${table.leaseUntil}, ${table.runAt}) is not null`),
    // Leases held by a named process: the few rows the silent-holder pass reads.
    index('scheduled_instances_lease_owner_idx')
      .on(table.leaseOwner)
      .where(sql`${table.leaseOwner} is not null`),
  ],
);

export type ScheduleRow = typeof schedules.$inferSelect;
export type ScheduledInstanceRow = typeof scheduledInstances.$inferSelect;
