import type { NetworkId, PostVariants, PublicationStatus } from '@cadence/shared';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { companies } from '../../db/schema/companies.js';
import {
  postAttachments,
  postUsage,
  posts,
  type PostAttachmentRow,
  type PostRow,
} from '../../db/schema/posts.js';
import { publications } from '../../db/schema/publishing.js';
import { scheduledInstances } from '../../db/schema/schedules.js';

/** Any number, fixed, plus the user: serialises "count this month, then insert" per customer. */
const MONTHLY_POSTS_LOCK = 724_311;

export interface PostValues {
  companyId: string | null;
  content: string;
  url: string | null;
  shortenedUrl: string | null;
  urlShortened: boolean;
  scheduledFor: Date | null;
  tone: string | null;
  platforms: NetworkId[];
  /** Set on insert only: the person who wrote it (its author). */
  createdBy?: string;
  /** Set on an edit: the person who changed it. */
  updatedBy?: string;
  variants: PostVariants;
  thread: string[];
  firstComment: string | null;
}

export interface AttachmentValues {
  mediaUrl: string;
  storageKey: string;
  name: string;
  mimeType: string;
  sizeBytes: number;
}

export async function findPost(
  db: DbExecutor,
  userId: string,
  id: string,
): Promise<PostRow | undefined> {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.userId, userId)))
    .limit(1);
  return row;
}

/** The attachments of the given posts, in one query. */
export async function listAttachments(
  db: DbExecutor,
  postIds: string[],
): Promise<PostAttachmentRow[]> {
  if (postIds.length === 0) return [];
  return db
    .select()
    .from(postAttachments)
    .where(inArray(postAttachments.postId, postIds))
    .orderBy(asc(postAttachments.createdAt));
}

export async function isOwnCompany(db: DbExecutor, userId: string, companyId: string) {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function lockMonthlyPosts(db: DbExecutor, userId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(${MONTHLY_POSTS_LOCK}, hashtext(${userId}))`);
}

/** Posts the customer made in `month` ('YYYY-MM', UTC), deleted ones included. */
export async function countPostsMadeIn(
  db: DbExecutor,
  userId: string,
  month: string,
): Promise<number> {
  const [row] = await db
    .select({ created: postUsage.created })
    .from(postUsage)
    .where(and(eq(postUsage.userId, userId), eq(postUsage.month, month)));
  return row?.created ?? 0;
}

/** Counts one more post made in `month` (or one fewer, when a create is undone). */
export async function recordPostMade(
  db: DbExecutor,
  userId: string,
  month: string,
  change: 1 | -1 = 1,
) {
  await db
    .insert(postUsage)
    .values({ userId, month, created: Math.max(0, change) })
    .onConflictDoUpdate({
      target: [postUsage.userId, postUsage.month],
      set: { created: sql`greatest(0, ${postUsage.created} + ${change})` },
    });
}

export async function insertPost(
  db: DbExecutor,
  userId: string,
  values: PostValues,
  now: Date,
): Promise<PostRow> {
  const [row] = await db
    .insert(posts)
    .values({ userId, createdBy: userId, ...values, createdAt: now, updatedAt: now })
    .returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updatePost(
  db: DbExecutor,
  userId: string,
  id: string,
  values: PostValues,
  now: Date,
): Promise<PostRow | undefined> {
  const [row] = await db
    .update(posts)
    .set({ ...values, updatedAt: now })
    .where(and(eq(posts.id, id), eq(posts.userId, userId)))
    .returning();
  return row;
}

export async function deletePost(db: DbExecutor, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(posts)
    .where(and(eq(posts.id, id), eq(posts.userId, userId)))
    .returning({ id: posts.id });
  return deleted.length > 0;
}

export async function insertAttachment(db: DbExecutor, postId: string, values: AttachmentValues) {
  await db.insert(postAttachments).values({ postId, ...values });
}

/** Removes the post's attachment rows and answers their storage keys, for the files. */
export async function deleteAttachments(db: DbExecutor, postId: string): Promise<string[]> {
  const deleted = await db
    .delete(postAttachments)
    .where(eq(postAttachments.postId, postId))
    .returning({ storageKey: postAttachments.storageKey });
  return deleted.map((row) => row.storageKey);
}

export async function hasPendingInstances(db: DbExecutor, postId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: scheduledInstances.id })
    .from(scheduledInstances)
    .where(and(eq(scheduledInstances.postId, postId), eq(scheduledInstances.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/** The networks of the post's publications in one of `statuses`, over all its occurrences. */
export async function listNetworksInStates(
  db: DbExecutor,
  userId: string,
  postId: string,
  statuses: readonly PublicationStatus[],
): Promise<NetworkId[]> {
  const rows = await db
    .select({ network: publications.network })
    .from(publications)
    .innerJoin(scheduledInstances, eq(scheduledInstances.id, publications.instanceId))
    .where(
      and(
        eq(scheduledInstances.postId, postId),
        eq(scheduledInstances.userId, userId),
        inArray(publications.status, [...statuses]),
      ),
    );
  return rows.map((row) => row.network);
}

/** Whether a post other than `postId` has the file stored under `storageKey` attached. */
export async function isAttachedElsewhere(
  db: DbExecutor,
  storageKey: string,
  postId: string | undefined,
): Promise<boolean> {
  const [row] = await db
    .select({ id: postAttachments.id })
    .from(postAttachments)
    .where(
      and(
        eq(postAttachments.storageKey, storageKey),
        postId ? ne(postAttachments.postId, postId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}
