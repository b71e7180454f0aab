import type { AdminLogsQuery, AdminUsersQuery, Tier } from '@cadence/shared';
import { and, asc, count, desc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { adminAuditLog, adminSettings, type AdminSettingValue } from '../../db/schema/admin.js';
import { users } from '../../db/schema/auth.js';
import {
  customerSubscriptions,
  subscriptionPlanIntervals,
  subscriptionPlans,
  subscriptionPriceHistory,
} from '../../db/schema/billing.js';
import { likePattern } from '../../lib/like-pattern.js';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface AuditEntry {
  actorId: string;
  actorEmail: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  message: string;
  at: Date;
}

export async function insertAudit(db: DbExecutor, entry: AuditEntry) {
  await db.insert(adminAuditLog).values({
    actorId: entry.actorId,
    actorEmail: entry.actorEmail,
    action: entry.action,
    target: entry.target,
    before: entry.before ?? null,
    after: entry.after ?? null,
    message: entry.message,
    createdAt: entry.at,
  });
}

// --- settings ---

export function listSettings(db: DbExecutor) {
  return db.select().from(adminSettings).orderBy(asc(adminSettings.key));
}

export async function lockSettings(db: DbExecutor, keys: string[]) {
  return db.select().from(adminSettings).where(inArray(adminSettings.key, keys)).for('update');
}

export async function updateSettingValue(
  db: DbExecutor,
  key: string,
  value: AdminSettingValue,
  at: Date,
) {
  await db.update(adminSettings).set({ value, updatedAt: at }).where(eq(adminSettings.key, key));
}

/** The key of `system_state` that holds the next deployment. */
export const DEPLOYMENT_KEY = 'next_deployment';

// --- users ---

const userColumns = {
  id: users.id,
  email: users.email,
  createdAt: users.createdAt,
  lastSignInAt: users.lastSignInAt,
  isAdmin: users.isAdmin,
  tier: subscriptionPlans.tier,
  planName: subscriptionPlans.name,
  priceOverrideCents: customerSubscriptions.priceOverrideCents,
};

function usersWithPlan(db: DbExecutor) {
  return db
    .select(userColumns)
    .from(users)
    .leftJoin(
      customerSubscriptions,
      and(eq(customerSubscriptions.userId, users.id), eq(customerSubscriptions.status, 'active')),
    )
    .leftJoin(subscriptionPlans, eq(subscriptionPlans.id, customerSubscriptions.planId));
}

export type UserWithPlan = {
  id: string;
  email: string;
  createdAt: Date;
  lastSignInAt: Date | null;
  isAdmin: boolean;
  tier: Tier | null;
  planName: string | null;
  priceOverrideCents: number | null;
};

export async function listUsers(db: DbExecutor, query: AdminUsersQuery) {
  const where = query.q ? ilike(users.email, likePattern(query.q)) : undefined;
  const rows: UserWithPlan[] = await usersWithPlan(db)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ value: count() }).from(users).where(where);
  return { rows, total: Number(total?.value ?? 0) };
}

export async function findUser(db: DbExecutor, userId: string): Promise<UserWithPlan | undefined> {
  const [row] = await usersWithPlan(db).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function freePlanName(db: DbExecutor) {
  const [row] = await db
    .select({ name: subscriptionPlans.name })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.tier, 'free'))
    .limit(1);
  return row?.name ?? 'Free';
}

export async function countAdmins(db: DbExecutor) {
  const [row] = await db.select({ value: count() }).from(users).where(eq(users.isAdmin, true));
  return Number(row?.value ?? 0);
}

// --- logs ---

/**
 * Every customer's publishing log and the admin audit entries, newest first, one page.
 * Each side is cut to the rows the page can need before they are merged, so both use their
 * (created_at desc) index; `q` uses the trigram index on `system_logs.search_text`.
 */
export async function listAllLogs(db: DbExecutor, query: AdminLogsQuery) {
  const offset = (query.page - 1) * query.pageSize;
  const take = offset + query.pageSize + 1;
  const pattern = query.q ? likePattern(query.q.toLowerCase()) : undefined;
  const logConditions: SQL[] = [sql`true`];
  if (query.status) logConditions.push(sql`l.status = ${query.status}`);
  if (pattern) logConditions.push(sql`l.search_text like ${pattern}`);
  const includeAudit = !query.status || query.status === 'success';
  const auditPart = includeAudit
    ? sql`union all (
        select a.id, 'audit' as kind, a.created_at, 'admin' as platform, 'success' as status,
          a.message, null as error_code, 0 as retry_count, null::timestamptz as scheduled_for,
          a.actor_email as customer_email, null as actor_name, null as actor_email
        from admin_audit_log a
        where ${pattern ? sql`lower(a.message) like ${pattern}` : sql`true`}
        order by a.created_at desc, a.id desc
        limit ${take})`
    : sql``;
  const result = await db.execute(sql`
    select * from (
      (select l.id, 'publishing' as kind, l.created_at, l.platform, l.status, l.message,
          l.error_code, l.retry_count, l.scheduled_for, u.email as customer_email,
          p.name as actor_name, p.email as actor_email
        from system_logs l left join users u on u.id = l.user_id
          left join users p on p.id = l.actor_id
        where ${sql.join(logConditions, sql` and `)}
        order by l.created_at desc, l.id desc
        limit ${take})
      ${auditPart}
    ) merged
    order by created_at desc, id desc
    limit ${query.pageSize + 1} offset ${offset}`);
  const rows = rowsOf<{
    id: string;
    kind: 'publishing' | 'audit';
    created_at: string | Date;
    platform: string;
    status: 'success' | 'error' | 'pending';
    message: string;
    error_code: string | null;
    retry_count: number;
    scheduled_for: string | Date | null;
    customer_email: string | null;
    actor_name: string | null;
    actor_email: string | null;
  }>(result);
  return { rows: rows.slice(0, query.pageSize), hasMore: rows.length > query.pageSize };
}

// --- statistics ---

/** Network-free log codes: no call was made to a network for these. */
const NO_CALL_CODES = ['missed', 'not_connected', 'credentials_unreadable', 'media_missing'];

export async function countTotals(db: DbExecutor) {
  const result = await db.execute(sql`
    select
      (select count(*) from posts)::int as total_posts,
      (select count(*) from publications where status = 'pending')::int as scheduled_posts,
      (select count(*) from users)::int as total_users,
      (select count(*) from ai_call_logs)::int as openai,
      (select count(*) from system_logs
        where error_code is null
          or error_code not in (${sql.join(
            NO_CALL_CODES.map((code) => sql`${code}`),
            sql`, `,
          )}))::int as networks,
      (select coalesce(sum(calls), 0) from external_call_counts)::int as other`);
  const [row] = rowsOf<Record<string, number>>(result);
  return row!;
}

export async function publicationsByDay(db: DbExecutor, since: Date) {
  const result = await db.execute(sql`
    select to_char(coalesce(published_at, updated_at) at time zone 'UTC', 'YYYY-MM-DD') as day,
      status, count(*)::int as n
    from publications
    where status in ('published', 'failed', 'missed', 'unconfirmed')
      and coalesce(published_at, updated_at) >= ${since.toISOString()}::timestamptz
    group by 1, 2`);
  return rowsOf<{ day: string; status: string; n: number }>(result);
}

// --- plans and price history ---

/** Each plan with its monthly interval (the admin's Regular Price), cheapest first. */
export async function listPlansWithMonthly(db: DbExecutor) {
  return db
    .select({
      id: subscriptionPlans.id,
      name: subscriptionPlans.name,
      tier: subscriptionPlans.tier,
      highlightPoints: subscriptionPlans.highlightPoints,
      hasApi: subscriptionPlans.hasApi,
      hasBulkScheduling: subscriptionPlans.hasBulkScheduling,
      maxMembers: subscriptionPlans.maxMembers,
      hasWhiteLabel: subscriptionPlans.hasWhiteLabel,
      priceCents: subscriptionPlanIntervals.priceCents,
      salePriceCents: subscriptionPlanIntervals.salePriceCents,
      saleEndsAt: subscriptionPlanIntervals.saleEndsAt,
    })
    .from(subscriptionPlans)
    .leftJoin(
      subscriptionPlanIntervals,
      and(
        eq(subscriptionPlanIntervals.planId, subscriptionPlans.id),
        eq(subscriptionPlanIntervals.intervalUnit, 'month'),
        eq(subscriptionPlanIntervals.intervalCount, 1),
      ),
    )
    .orderBy(
      // The free plan has no interval: it costs nothing, so it comes first; quoted plans last.
      sql`coalesce(${subscriptionPlanIntervals.priceCents}, case when ${subscriptionPlans.tier} = 'free' then 0 end) asc nulls last`,
      asc(subscriptionPlans.sortOrder),
    );
}

export async function listPriceHistory(db: DbExecutor, page: number, pageSize: number) {
  const rows = await db
    .select({
      id: subscriptionPriceHistory.id,
      planId: subscriptionPriceHistory.planId,
      planName: subscriptionPlans.name,
      intervalUnit: subscriptionPriceHistory.intervalUnit,
      oldPriceCents: subscriptionPriceHistory.oldPriceCents,
      newPriceCents: subscriptionPriceHistory.newPriceCents,
      oldSalePriceCents: subscriptionPriceHistory.oldSalePriceCents,
      newSalePriceCents: subscriptionPriceHistory.newSalePriceCents,
      changedBy: users.email,
      changedAt: subscriptionPriceHistory.changedAt,
    })
    .from(subscriptionPriceHistory)
    .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, subscriptionPriceHistory.planId))
    .leftJoin(users, eq(users.id, subscriptionPriceHistory.changedBy))
    .orderBy(desc(subscriptionPriceHistory.changedAt), desc(subscriptionPriceHistory.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ value: count() }).from(subscriptionPriceHistory);
  return { rows, total: Number(total?.value ?? 0) };
}
