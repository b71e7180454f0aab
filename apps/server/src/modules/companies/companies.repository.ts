import type { CompanyFields, NetworkId } from '@cadence/shared';
import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { companies, type CompanyRow } from '../../db/schema/companies.js';
import { socialConnections } from '../../db/schema/connections.js';
import { keysetAfter, keysetAt, type KeysetPosition } from '../../lib/keyset.js';

/** Any number, fixed, plus the user: serialises "count, then insert" per customer. */
const COMPANY_LIMIT_LOCK = 724_310;

export interface ConnectionSummary {
  companyId: string;
  network: NetworkId;
  accountName: string | null;
  connectedAt: Date;
  tokenExpiresAt: Date | null;
  tokenRenewable: boolean;
  needsReconnect: boolean;
}

function toColumns(fields: CompanyFields) {
  return {
    name: fields.name,
    website: fields.website,
    industry: fields.industry,
    customIndustry: fields.custom_industry,
    description: fields.description,
    logoUrl: fields.logo_url,
    // Left out of an update: kept as it is.
    ...(fields.approval === undefined ? {} : { approval: fields.approval }),
  };
}

export async function listCompanies(db: DbExecutor, userId: string): Promise<CompanyRow[]> {
  return db
    .select()
    .from(companies)
    .where(eq(companies.userId, userId))
    .orderBy(desc(companies.createdAt), desc(companies.id));
}

/**
 * One page of the customer's companies, newest first, after `after` (keyset), limited to
 * `onlyIds` when given; each row with its keyset position.
 */
export async function listCompanyPage(
  db: DbExecutor,
  userId: string,
  page: { limit: number; after?: KeysetPosition | undefined; onlyIds?: string[] | null },
): Promise<Array<{ row: CompanyRow; position: KeysetPosition }>> {
  if (page.onlyIds && page.onlyIds.length === 0) return [];
  const rows = await db
    .select({ row: companies, at: keysetAt(companies.createdAt) })
    .from(companies)
    .where(
      and(
        eq(companies.userId, userId),
        page.onlyIds ? inArray(companies.id, page.onlyIds) : undefined,
        page.after ? keysetAfter(companies.createdAt, companies.id, page.after) : undefined,
      ),
    )
    .orderBy(desc(companies.createdAt), desc(companies.id))
    .limit(page.limit);
  return rows.map(({ row, at }) => ({ row, position: { at, id: row.id } }));
}

export async function findCompany(
  db: DbExecutor,
  userId: string,
  id: string,
): Promise<CompanyRow | undefined> {
  const [company] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, id), eq(companies.userId, userId)))
    .limit(1);
  return company;
}

/** Connected networks of the given companies (never their credentials). */
export async function listConnections(
  db: DbExecutor,
  companyIds: string[],
): Promise<ConnectionSummary[]> {
  if (companyIds.length === 0) return [];
  return db
    .select({
      companyId: socialConnections.companyId,
      network: socialConnections.network,
      accountName: socialConnections.accountName,
      connectedAt: socialConnections.connectedAt,
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
    )
    .orderBy(asc(socialConnections.connectedAt));
}

export async function lockCompanyCount(db: DbExecutor, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${COMPANY_LIMIT_LOCK}, hashtext(${userId}))`);
}

export async function countCompanies(db: DbExecutor, userId: string): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(companies)
    .where(eq(companies.userId, userId));
  return row?.total ?? 0;
}

export async function insertCompany(
  db: DbExecutor,
  userId: string,
  fields: CompanyFields,
): Promise<CompanyRow> {
  const [company] = await db
    .insert(companies)
    .values({ userId, ...toColumns(fields) })
    .returning();
  if (!company) throw new Error('insert returned no row');
  return company;
}

export async function updateCompany(
  db: DbExecutor,
  userId: string,
  id: string,
  fields: CompanyFields,
  now: Date,
): Promise<CompanyRow | undefined> {
  const [company] = await db
    .update(companies)
    .set({ ...toColumns(fields), updatedAt: now })
    .where(and(eq(companies.id, id), eq(companies.userId, userId)))
    .returning();
  return company;
}

/** Deletes the company; its connections (and later its posts and schedules) go with it. */
export async function deleteCompany(db: DbExecutor, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(companies)
    .where(and(eq(companies.id, id), eq(companies.userId, userId)))
    .returning({ id: companies.id });
  return deleted.length > 0;
}
