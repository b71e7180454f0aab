import type { NetworkId, RepeatType } from '@cadence/shared';
import { and, asc, eq, gte, inArray, isNull, lte, notExists, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { countUpTo } from '../../lib/capped-count.js';
import { companies } from '../../db/schema/companies.js';
import { socialConnections } from '../../db/schema/connections.js';
import { postAttachments, posts } from '../../db/schema/posts.js';
import { publicationParts, publications } from '../../db/schema/publishing.js';
import { scheduledInstances, schedules } from '../../db/schema/schedules.js';

export async function findOwnedPost(db: DbExecutor, userId: string, postId: string) {
  const [row] = await db
    .select({
      id: posts.id,
      companyId: posts.companyId,
      variants: posts.variants,
      // Spelled out: inside a select list drizzle would leave the column unqualified.
      hasMedia: sql<boolean>`exists (select 1 from post_attachments a where a.post_id = "posts"."id")`,
    })
    .from(posts)
    .where(and(eq(posts.id, postId), eq(posts.userId, userId)))
    .limit(1);
  return row;
}

/** The company's live connections (not disconnected) among `networks`. */
export async function findActiveConnections(
  db: DbExecutor,
  companyId: string,
  networks: NetworkId[],
) {
  return db
    .select({
      id: socialConnections.id,
      network: socialConnections.network,
      accountName: socialConnections.accountName,
    })
    .from(socialConnections)
    .where(
      and(
        eq(socialConnections.companyId, companyId),
        inArray(socialConnections.network, networks),
        isNull(socialConnections.disconnectedAt),
      ),
    );
}

export interface NewSchedule {
  userId: string;
  postId: string;
  networks: NetworkId[];
  firstAt: Date;
  repeatType: RepeatType | null;
  repeatUntil: Date | null;
  timezone: string;
  occurrences: Date[];
  /** The person who scheduled it. */
  createdBy?: string;
}

/**
 * The schedule and its instances (their publications are the publishing module's), each with
 * its run asked at its time (decision 130): saved with the instance, never lost apart from it.
 */
export async function insertSchedule(db: DbExecutor, input: NewSchedule) {
  const [schedule] = await db
    .insert(schedules)
    .values({
      userId: input.userId,
      createdBy: input.createdBy ?? input.userId,
      postId: input.postId,
      networks: input.networks,
      firstAt: input.firstAt,
      repeatType: input.repeatType,
      repeatUntil: input.repeatUntil,
      timezone: input.timezone,
    })
    .returning({ id: schedules.id });
  if (!schedule) throw new Error('insert returned no row');
  const instances = await db
    .insert(scheduledInstances)
    .values(
      input.occurrences.map((scheduledFor) => ({
        scheduleId: schedule.id,
        postId: input.postId,
        userId: input.userId,
        scheduledFor,
        runAt: scheduledFor,
      })),
    )
    .returning({ id: scheduledInstances.id, scheduledFor: scheduledInstances.scheduledFor });
  return { scheduleId: schedule.id, instances };
}

export interface InstanceFilter {
  userId: string;
  companyId?: string | undefined;
  /** Only occurrences of these entities' posts (a member limited to some). */
  onlyCompanyIds?: string[] | undefined;
  postId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function instanceConditions(filter: InstanceFilter): SQL[] {
  const conditions = [eq(scheduledInstances.userId, filter.userId)];
  if (filter.companyId) conditions.push(eq(posts.companyId, filter.companyId));
  if (filter.onlyCompanyIds)
    conditions.push(
      filter.onlyCompanyIds.length > 0
        ? inArray(posts.companyId, filter.onlyCompanyIds)
        : sql`false`,
    );
  if (filter.postId) conditions.push(eq(scheduledInstances.postId, filter.postId));
  if (filter.from) conditions.push(gte(scheduledInstances.scheduledFor, filter.from));
  if (filter.to) conditions.push(lte(scheduledInstances.scheduledFor, filter.to));
  return conditions;
}

/** One page of instance ids, by time then id, and the total counted up to `countLimit`. */
export async function pageInstanceIds(
  db: DbExecutor,
  filter: InstanceFilter,
  page: { limit: number; offset: number; countLimit: number },
) {
  const where = and(...instanceConditions(filter));
  const [rows, total] = await Promise.all([
    db
      .select({ id: scheduledInstances.id })
      .from(scheduledInstances)
      .innerJoin(posts, eq(posts.id, scheduledInstances.postId))
      .where(where)
      .orderBy(asc(scheduledInstances.scheduledFor), asc(scheduledInstances.id))
      .limit(page.limit)
      .offset(page.offset),
    countUpTo(
      db,
      db
        .select({ one: sql`1`.as('one') })
        .from(scheduledInstances)
        .innerJoin(posts, eq(posts.id, scheduledInstances.postId))
        .where(where)
        .limit(page.countLimit + 1)
        .as('matching'),
      page.countLimit,
    ),
  ]);
  return { ids: rows.map((row) => row.id), total };
}

/** Instances with their post, company, attachments and publications: three queries in all. */
export async function loadInstances(db: DbExecutor, userId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      instance: scheduledInstances,
      repeatType: schedules.repeatType,
      post: {
        id: posts.id,
        content: posts.content,
        url: posts.url,
      },
      company: { id: companies.id, name: companies.name, logoUrl: companies.logoUrl },
    })
    .from(scheduledInstances)
    .innerJoin(schedules, eq(schedules.id, scheduledInstances.scheduleId))
    .innerJoin(posts, eq(posts.id, scheduledInstances.postId))
    .leftJoin(companies, eq(companies.id, posts.companyId))
    .where(and(inArray(scheduledInstances.id, ids), eq(scheduledInstances.userId, userId)))
    .orderBy(asc(scheduledInstances.scheduledFor), asc(scheduledInstances.id));
  const postIds = [...new Set(rows.map((row) => row.post.id))];
  const companyIds = [...new Set(rows.flatMap((row) => (row.company ? [row.company.id] : [])))];
  const [attachments, pubs, connections, parts] = await Promise.all([
    db.select().from(postAttachments).where(inArray(postAttachments.postId, postIds)),
    db
      .select()
      .from(publications)
      .where(inArray(publications.instanceId, ids))
      .orderBy(asc(publications.network)),
    // Whose token expires before the instance's time ('Reconnect before {date}').
    companyIds.length === 0
      ? []
      : db
          .select({
            companyId: socialConnections.companyId,
            network: socialConnections.network,
            tokenExpiresAt: socialConnections.tokenExpiresAt,
            tokenRenewable: socialConnections.tokenRenewable,
            needsReconnect: socialConnections.needsReconnect,
          })
          .from(socialConnections)
          .where(
            and(
              inArray(socialConnections.companyId, companyIds),
              isNull(socialConnections.disconnectedAt),
            ),
          ),
    // Threads' parts and first comments (the card says how far they went).
    db
      .select({ part: publicationParts })
      .from(publicationParts)
      .innerJoin(publications, eq(publications.id, publicationParts.publicationId))
      .where(inArray(publications.instanceId, ids))
      .orderBy(asc(publicationParts.position)),
  ]);
  return rows.map((row) => ({
    ...row,
    attachments: attachments.filter((attachment) => attachment.postId === row.post.id),
    publications: pubs.filter((publication) => publication.instanceId === row.instance.id),
    parts: parts
      .map(({ part }) => part)
      .filter((part) =>
        pubs.some((p) => p.id === part.publicationId && p.instanceId === row.instance.id),
      ),
    connections: connections.filter((connection) => connection.companyId === row.company?.id),
  }));
}

/**
 * Deletes the caller's instances (publications cascade, logs keep their history) and then
 * any schedule left without instances. Answers what went, for cancelling their jobs.
 */
export async function deleteInstances(
  db: DbExecutor,
  userId: string,
  ids: string[],
  onlyPending = false,
) {
  const conditions = [inArray(scheduledInstances.id, ids), eq(scheduledInstances.userId, userId)];
  if (onlyPending) conditions.push(eq(scheduledInstances.status, 'pending'));
  const deleted = await db
    .delete(scheduledInstances)
    .where(and(...conditions))
    .returning({
      id: scheduledInstances.id,
      scheduleId: scheduledInstances.scheduleId,
    });
  const scheduleIds = [...new Set(deleted.map((row) => row.scheduleId))];
  if (scheduleIds.length > 0) {
    await db
      .delete(schedules)
      .where(
        and(
          inArray(schedules.id, scheduleIds),
          notExists(
            db
              .select({ id: scheduledInstances.id })
              .from(scheduledInstances)
              .where(eq(scheduledInstances.scheduleId, schedules.id)),
          ),
        ),
      );
  }
  return deleted;
}

/** Pending instances of a company's posts (cancelled when the company goes). */
export async function findPendingInstanceIdsOfCompany(
  db: DbExecutor,
  userId: string,
  companyId: string,
) {
  const rows = await db
    .select({ id: scheduledInstances.id })
    .from(scheduledInstances)
    .innerJoin(posts, eq(posts.id, scheduledInstances.postId))
    .where(
      and(
        eq(posts.companyId, companyId),
        eq(scheduledInstances.userId, userId),
        eq(scheduledInstances.status, 'pending'),
      ),
    );
  return rows.map((row) => row.id);
}

export interface CalendarRow {
  day: string;
  total: number;
  id: string | null;
  scheduled_for: Date | string | null;
  content: string | null;
  status: string | null;
}

/** Per-day counts in `zone` and the first `perDay` instances of each day by time. */
export async function calendarDays(
  db: DbExecutor,
  input: {
    userId: string;
    from: Date;
    to: Date;
    zone: string;
    companyId?: string;
    onlyCompanyIds?: string[];
    perDay: number;
  },
) {
  const company = input.companyId ? sql`and p.company_id = ${input.companyId}` : sql``;
  const only = input.onlyCompanyIds
    ? input.onlyCompanyIds.length > 0
      ? sql`and p.company_id in (${sql.join(
          input.onlyCompanyIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`
      : sql`and false`
    : sql``;
  const result = await db.execute(sql`
    with ranked as (
      select si.id, si.scheduled_for, si.status, p.content,
        to_char(si.scheduled_for at time zone ${input.zone}, 'YYYY-MM-DD') as day,
        row_number() over (
          partition by (si.scheduled_for at time zone ${input.zone})::date
          order by si.scheduled_for, si.id) as position,
        count(*) over (partition by (si.scheduled_for at time zone ${input.zone})::date) as total
      from scheduled_instances si
      join posts p on p.id = si.post_id
      where si.user_id = ${input.userId}
        and si.scheduled_for >= ${input.from.toISOString()}::timestamptz
        and si.scheduled_for < ${input.to.toISOString()}::timestamptz
        ${company}
        ${only}
    )
    select day, total::int as total, id, scheduled_for, status, content
    from ranked where position <= ${input.perDay}
    order by day, position`);
  return (result as { rows: CalendarRow[] }).rows;
}
