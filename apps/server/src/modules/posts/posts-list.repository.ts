import type { ReviewState } from '@cadence/shared';
import {
  INSTANCE_PUBLISH_STATUS,
  type PostSort,
  type PostPublishStatus,
  type PostStatusFilter,
} from '@cadence/shared';
import { and, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { nextScheduledAtSql, toIsoOrNull } from './post-next-occurrence.js';
import type { DbExecutor } from '../../db/client.js';
import { keysetAfter, keysetAt, type KeysetPosition } from '../../lib/keyset.js';
import { companies } from '../../db/schema/companies.js';
import {
  postAttachments,
  posts,
  type PostAttachmentRow,
  type PostRow,
} from '../../db/schema/posts.js';
import { scheduledInstances, schedules } from '../../db/schema/schedules.js';
import { users } from '../../db/schema/auth.js';

/** The post list's read queries: filters, pages, counts and a single row as the list shows it. */
export interface PostFilter {
  companyId?: string | undefined;
  status?: PostStatusFilter | undefined;
  /** Already trimmed; matched literally (no wildcards) and case-insensitively. */
  search?: string | undefined;
}

/** A filter ready for the list queries: the search's matching companies are looked up once. */
export interface ResolvedPostFilter {
  companyId?: string | undefined;
  status?: PostStatusFilter | undefined;
  search?: { pattern: string; companyIds: string[] } | undefined;
  /** Only posts of these companies (an API key limited to some entities). */
  onlyCompanyIds?: string[] | undefined;
  /** Only posts with an occurrence scheduled at or after `from` and before `to`. */
  scheduledFrom?: Date | undefined;
  scheduledTo?: Date | undefined;
}

/** A post with what the list shows beside it: its company and whether it has schedules. */
export type ListAttachment = Pick<PostAttachmentRow, 'id' | 'mediaUrl' | 'name' | 'mimeType'>;

/** An uploaded file a network of the post gets as its own. */
export interface VariantUpload {
  id: string;
  storageKey: string;
  sizeBytes: number;
}

export interface PostListRow {
  post: PostRow;
  /** In an entity with approval, the post's review state; null without approval. */
  reviewState: ReviewState | null;
  company: { id: string; name: string; logoUrl: string | null } | null;
  hasSchedules: boolean;
  /** The person who wrote it; null for posts from before teams or whose author is gone. */
  author: { id: string; name: string } | null;
  publishStatus: PostPublishStatus | null;
  /** ISO; when its earliest waiting occurrence goes out, null when none waits. */
  nextScheduledAt: string | null;
  attachments: ListAttachment[];
  variantMedia: VariantUpload[];
}

/** Makes `text` match itself under LIKE: `%`, `_` and the escape character lose their power. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * Finds the customer's companies whose name matches the search, so the post queries get
 * their ids as values. The planner can then estimate that side and OR an index scan of
 * posts_company_created_idx with the trigram index; as a subquery it guessed "every row"
 * and read all of the customer's posts for a rare word.
 */
export async function resolvePostFilter(
  db: DbExecutor,
  userId: string,
  filter: PostFilter,
): Promise<ResolvedPostFilter> {
  if (!filter.search) return { companyId: filter.companyId, status: filter.status };
  const pattern = `%${escapeLike(filter.search)}%`;
  const matching = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.userId, userId), ilike(companies.name, pattern)));
  return {
    companyId: filter.companyId,
    status: filter.status,
    search: { pattern, companyIds: matching.map((row) => row.id) },
  };
}

/** The instance statuses that map to `status` in the shared rule, as SQL literals. */
function instanceStatusesFor(status: PostPublishStatus): SQL {
  const names = Object.entries(INSTANCE_PUBLISH_STATUS)
    .filter(([, mapped]) => mapped === status)
    .map(([name]) => sql`${name}`);
  return sql.join(names, sql`, `);
}

const OUTCOME_CASE = sql.join(
  Object.entries(INSTANCE_PUBLISH_STATUS)
    .filter(([, mapped]) => mapped !== 'scheduled')
    .map(([name, mapped]) => sql`when ${name} then ${mapped}`),
  sql` `,
);

/**
 * `postPublishStatusOf` (packages/shared) in SQL, built from the same map: 'scheduled'
 * while an occurrence waits or is being sent, else the outcome of the latest counted one.
 */
const publishStatusSql = sql<PostPublishStatus | null>`(case
  when exists (select 1 from ${scheduledInstances} psi
    where psi.post_id = ${posts.id} and psi.status in (${instanceStatusesFor('scheduled')}))
  then 'scheduled'
  else (select case psi.status ${OUTCOME_CASE} end from ${scheduledInstances} psi
    where psi.post_id = ${posts.id} and psi.status in (${sql.join(
      Object.keys(INSTANCE_PUBLISH_STATUS).map((name) => sql`${name}`),
      sql`, `,
    )})
    order by psi.scheduled_for desc, psi.created_at desc limit 1)
end)`;

function filterCondition(userId: string, filter: ResolvedPostFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(posts.userId, userId)];
  if (filter.companyId) conditions.push(eq(posts.companyId, filter.companyId));
  if (filter.status === 'not_scheduled') conditions.push(sql`${publishStatusSql} is null`);
  else if (filter.status) conditions.push(sql`${publishStatusSql} = ${filter.status}`);
  if (filter.onlyCompanyIds) conditions.push(inArray(posts.companyId, filter.onlyCompanyIds));
  if (filter.scheduledFrom || filter.scheduledTo) {
    const from = filter.scheduledFrom
      ? sql`and si.scheduled_for >= ${filter.scheduledFrom.toISOString()}::timestamptz`
      : sql``;
    const to = filter.scheduledTo
      ? sql`and si.scheduled_for < ${filter.scheduledTo.toISOString()}::timestamptz`
      : sql``;
    conditions.push(
      sql`exists (select 1 from ${scheduledInstances} si where si.post_id = ${posts.id} ${from} ${to})`,
    );
  }
  if (filter.search) {
    const { pattern, companyIds } = filter.search;
    // search_text is lower(content || ' ' || url), held in a trigram GIN index; lower() on
    // the pattern matches it exactly (backslash escapes are untouched by lower()).
    const text = sql`${posts.searchText} like lower(${pattern})`;
    conditions.push(companyIds.length > 0 ? or(text, inArray(posts.companyId, companyIds)) : text);
  }
  return and(...conditions);
}

/**
 * Newest first, spelled exactly as posts_user_created_idx is built (DESC NULLS LAST): a
 * plain DESC means NULLS FIRST, which the index cannot answer, and Postgres would sort the
 * customer's every post instead of reading the first page from the index.
 */
const NEWEST_FIRST = [
  sql`${posts.createdAt} desc nulls last`,
  sql`${posts.id} desc nulls last`,
] as const;

const listColumns = {
  post: posts,
  companyId: companies.id,
  companyName: companies.name,
  companyLogoUrl: companies.logoUrl,
  hasSchedules: sql<boolean>`exists (select 1 from ${schedules} where ${schedules.postId} = ${posts.id})`,
  authorName: sql<string | null>`(select u.name from ${users} u where u.id = ${posts.createdBy})`,
  publishStatus: publishStatusSql,
  nextScheduledAt: nextScheduledAtSql,
  // The review state in an entity with approval (no review row: a draft); null without.
  reviewState: sql<ReviewState | null>`(case when coalesce(${companies.approval}, 'none') = 'none'
    then null
    else coalesce((select r.state from post_reviews r where r.post_id = ${posts.id}), 'draft') end)`,
  // In the page's own query, not a second round trip.
  attachments: sql<ListAttachment[]>`coalesce((
    select json_agg(json_build_object(
      'id', a.id, 'mediaUrl', a.media_url, 'name', a.name, 'mimeType', a.mime_type
    ) order by a.created_at)
    from ${postAttachments} a where a.post_id = ${posts.id}
  ), '[]'::json)`,
  // The uploaded files its networks get as their own (`variants.<network>.media_ids`).
  variantMedia: sql<VariantUpload[]>`coalesce((
    select json_agg(json_build_object(
      'id', f.id, 'storageKey', f.storage_key, 'sizeBytes', f.size_bytes))
    from uploaded_files f
    where f.user_id = ${posts.userId} and f.kind = 'media'
      and f.id::text in (
        select jsonb_path_query(${posts.variants}, '$.*.media_ids[*]') #>> '{}')
  ), '[]'::json)`,
};

function selectListRows(db: DbExecutor) {
  return db
    .select(listColumns)
    .from(posts)
    .leftJoin(companies, eq(companies.id, posts.companyId))
    .$dynamic();
}

function toListRow(row: {
  post: PostRow;
  companyId: string | null;
  companyName: string | null;
  companyLogoUrl: string | null;
  hasSchedules: boolean;
  authorName: string | null;
  publishStatus: PostPublishStatus | null;
  nextScheduledAt: Date | string | null;
  reviewState: ReviewState | null;
  attachments: ListAttachment[] | string;
  variantMedia: VariantUpload[] | string;
}): PostListRow {
  return {
    variantMedia:
      typeof row.variantMedia === 'string'
        ? (JSON.parse(row.variantMedia) as VariantUpload[])
        : row.variantMedia,
    // node-postgres and PGlite parse json columns; parse text in case a driver does not.
    attachments:
      typeof row.attachments === 'string'
        ? (JSON.parse(row.attachments) as ListAttachment[])
        : row.attachments,
    post: row.post,
    company:
      row.companyId && row.companyName !== null
        ? { id: row.companyId, name: row.companyName, logoUrl: row.companyLogoUrl }
        : null,
    hasSchedules: Boolean(row.hasSchedules),
    author:
      row.post.createdBy && row.authorName !== null
        ? { id: row.post.createdBy, name: row.authorName }
        : null,
    publishStatus: row.publishStatus ?? null,
    nextScheduledAt: toIsoOrNull(row.nextScheduledAt),
    reviewState: row.reviewState ?? null,
  };
}

/**
 * A post's engagements: its publications' latest likes + comments + shares (the metrics
 * module's stats, one row per publication; publication_stats_post_idx answers it).
 */
const engagementsSql = sql`coalesce((select sum(s.engagements) from publication_stats s
  where s.post_id = ${posts.id}), 0)`;

/**
 * One page, newest first: the (user_id, created_at desc, id desc) index answers it. By
 * engagement, every matching post's sum is read and sorted (no index can hold it).
 */
export function listPostPageQuery(
  db: DbExecutor,
  userId: string,
  filter: ResolvedPostFilter,
  page: { limit: number; offset: number; sort?: PostSort | undefined },
) {
  const order =
    page.sort === 'engagement' ? [sql`${engagementsSql} desc`, ...NEWEST_FIRST] : NEWEST_FIRST;
  return selectListRows(db)
    .where(filterCondition(userId, filter))
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

/**
 * One keyset page, newest first, after `after` (the public API's lists): rows added or
 * removed meanwhile neither repeat nor go missing, however deep the page.
 */
export async function listPostsAfter(
  db: DbExecutor,
  userId: string,
  filter: ResolvedPostFilter,
  page: { limit: number; after?: KeysetPosition | undefined },
): Promise<Array<{ row: PostListRow; position: KeysetPosition }>> {
  if (filter.onlyCompanyIds?.length === 0) return [];
  const rows = await db
    .select({ ...listColumns, at: keysetAt(posts.createdAt) })
    .from(posts)
    .leftJoin(companies, eq(companies.id, posts.companyId))
    .where(
      and(
        filterCondition(userId, filter),
        page.after ? keysetAfter(posts.createdAt, posts.id, page.after) : undefined,
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(page.limit);
  return rows.map(({ at, ...row }) => ({ row: toListRow(row), position: { at, id: row.post.id } }));
}

/**
 * The list without a search, the request every Posts page load makes, as prepared
 * statements (one each with and without the entity filter): the query is built once per
 * process and PostgreSQL plans it once per connection, instead of both on every request;
 * the page carries its capped count (decision 041).
 */
function prepareListStatements(db: DbExecutor) {
  const owner = (withCompany: boolean) =>
    and(
      eq(posts.userId, sql.placeholder('userId')),
      withCompany ? eq(posts.companyId, sql.placeholder('companyId')) : undefined,
    );
  // The capped count rides along in every row as an uncorrelated scalar subquery: PostgreSQL
  // runs it once (an InitPlan), so a page and its count cost one round trip.
  const matching = (withCompany: boolean) =>
    db
      .select({ one: sql`1`.as('one') })
      .from(posts)
      .where(owner(withCompany))
      .limit(sql.placeholder('countLimit'))
      .as('matching');
  const page = (withCompany: boolean, name: string) =>
    db
      .select({
        ...listColumns,
        total: sql<number>`(select count(*) from ${matching(withCompany)})`.mapWith(Number),
      })
      .from(posts)
      .leftJoin(companies, eq(companies.id, posts.companyId))
      .where(owner(withCompany))
      .orderBy(...NEWEST_FIRST)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  const total = (withCompany: boolean, name: string) =>
    db.select({ total: count() }).from(matching(withCompany)).prepare(name);
  return {
    page: page(false, 'posts_page'),
    pageOfCompany: page(true, 'posts_page_of_company'),
    count: total(false, 'posts_count'),
    countOfCompany: total(true, 'posts_count_of_company'),
  };
}

const listStatements = new WeakMap<DbExecutor, ReturnType<typeof prepareListStatements>>();

function listStatementsFor(db: DbExecutor) {
  let statements = listStatements.get(db);
  if (!statements) {
    statements = prepareListStatements(db);
    listStatements.set(db, statements);
  }
  return statements;
}

export async function listPostPage(
  db: DbExecutor,
  userId: string,
  filter: ResolvedPostFilter,
  page: { limit: number; offset: number; sort?: PostSort | undefined },
): Promise<PostListRow[]> {
  const rows = await listPostPageQuery(db, userId, filter, page);
  return rows.map(toListRow);
}

/** One page and the count of matching posts up to `countLimit` (decision 041). */
export async function listPostPageCounted(
  db: DbExecutor,
  userId: string,
  filter: ResolvedPostFilter,
  page: { limit: number; offset: number; countLimit: number; sort?: PostSort | undefined },
): Promise<{ rows: PostListRow[]; total: { count: number; isExact: boolean } }> {
  // A search, a status filter, an entity limit or the engagement order takes the built
  // query; the prepared statements cover the plain list (with or without an entity), the
  // request every page load makes.
  if (filter.search || filter.status || filter.onlyCompanyIds || page.sort === 'engagement') {
    const [rows, total] = await Promise.all([
      listPostPage(db, userId, filter, page),
      countPosts(db, userId, filter, page.countLimit),
    ]);
    return { rows, total };
  }
  const statements = listStatementsFor(db);
  const values = {
    userId,
    companyId: filter.companyId,
    limit: page.limit,
    offset: page.offset,
    countLimit: page.countLimit + 1,
  };
  const rows = filter.companyId
    ? await statements.pageOfCompany.execute(values)
    : await statements.page.execute(values);
  // Past the last page there is no row to carry the count: ask for it alone.
  const counted =
    rows[0]?.total ??
    (page.offset === 0 ? 0 : (await countPosts(db, userId, filter, page.countLimit)).count);
  return {
    rows: rows.map(toListRow),
    total:
      counted > page.countLimit
        ? { count: page.countLimit, isExact: false }
        : { count: counted, isExact: true },
  };
}

/**
 * How many posts the filter matches, over the same condition as the page, counting at
 * most `limit + 1` rows (decision 041): the index stops after them instead of scanning
 * every post of the customer.
 */
export function countPostsQuery(
  db: DbExecutor,
  userId: string,
  filter: ResolvedPostFilter,
  limit: number,
) {
  const matching = db
    .select({ one: sql`1`.as('one') })
    .from(posts)
    .where(filterCondition(userId, filter))
    .limit(limit + 1)
    .as('matching');
  return db.select({ total: count() }).from(matching);
}

export async function countPosts(
  db: DbExecutor,
  userId: string,
  filter: ResolvedPostFilter,
  limit: number,
): Promise<{ count: number; isExact: boolean }> {
  const statements = filter.search || filter.onlyCompanyIds ? undefined : listStatementsFor(db);
  const [row] = !statements
    ? await countPostsQuery(db, userId, filter, limit)
    : filter.companyId
      ? await statements.countOfCompany.execute({
          userId,
          companyId: filter.companyId,
          countLimit: limit + 1,
        })
      : await statements.count.execute({ userId, countLimit: limit + 1 });
  const total = row?.total ?? 0;
  return total > limit ? { count: limit, isExact: false } : { count: total, isExact: true };
}

export async function findPostListRow(
  db: DbExecutor,
  userId: string,
  id: string,
): Promise<PostListRow | undefined> {
  const [row] = await selectListRows(db)
    .where(and(eq(posts.id, id), eq(posts.userId, userId)))
    .limit(1);
  return row ? toListRow(row) : undefined;
}
