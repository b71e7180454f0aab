import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { shortLinkClicks, shortLinks } from '../../db/schema/shortener.js';

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

/**
 * Counts one click in a single statement (no lost updates), in the link's total and in its
 * day's row, and answers the target.
 */
export async function recordClick(db: DbExecutor, code: string, now: Date) {
  const day = now.toISOString().slice(0, 10);
  const result = await db.execute(sql`
    with clicked as (
      update ${shortLinks}
         set clicks = ${shortLinks.clicks} + 1, last_clicked_at = ${now.toISOString()}
       where ${shortLinks.code} = ${code}
       returning id, url
    ), counted as (
      insert into ${shortLinkClicks} (short_link_id, day, clicks)
      select id, ${day}::date, 1 from clicked
      on conflict (short_link_id, day)
      do update set clicks = ${shortLinkClicks.clicks} + 1
    )
    select url from clicked`);
  const [clicked] = (result as { rows: Array<{ url: string }> }).rows;
  return clicked?.url;
}
