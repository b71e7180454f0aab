import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { shortLinks } from '../../db/schema/shortener.js';

export async function findLinkForUrl(db: DbExecutor, userId: string, url: string) {
  const [link] = await db
    .select({ code: shortLinks.code })
    .from(shortLinks)
    .where(and(eq(shortLinks.userId, userId), eq(shortLinks.url, url)))
    .orderBy(asc(shortLinks.createdAt))
    .limit(1);
  return link;
}

/** Inserts the link; answers undefined when the code is taken (the caller draws another). */
export async function insertLink(
  db: DbExecutor,
  link: { userId: string; url: string; code: string },
) {
  const [row] = await db
    .insert(shortLinks)
    .values(link)
    .onConflictDoNothing({ target: shortLinks.code })
    .returning({ code: shortLinks.code });
  return row;
}

/** Counts one click in a single statement (no lost updates) and answers the target. */
export async function recordClick(db: DbExecutor, code: string, now: Date) {
  const [row] = await db
    .update(shortLinks)
    .set({ clicks: sql`${shortLinks.clicks} + 1`, lastClickedAt: now })
    .where(eq(shortLinks.code, code))
    .returning({ url: shortLinks.url });
  return row?.url;
}
