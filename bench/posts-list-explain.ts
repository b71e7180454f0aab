import { listCountLimit } from '@cadence/shared';
/**
 * Shows PostgreSQL's plans for the posts list on ~100k posts, to check that the page uses
 * posts_user_created_idx and the search uses the trigram index. Not a timed test.
 *
 *   ADMIN_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/run.mjs posts-list-explain
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { runMigrations } from '../apps/server/src/db/migrate.js';
import * as repo from '../apps/server/src/modules/posts/posts-list.repository.js';
import { createScratchDatabase } from './scratch-database.js';

const scratch = await createScratchDatabase('cadence_explain');
const database = await openDatabase({ databaseUrl: scratch.url });

try {
  await runMigrations(database);
  const { db } = database;
  // Ten customers with five companies each; the first one owns half of the 100k posts.
  await db.execute(sql`
    insert into users (name, email, password_hash, is_verified)
    select 'User ' || n, 'user' || n || '@example.com', 'x', true from generate_series(1, 10) n`);
  await db.execute(sql`
    insert into companies (user_id, name, website)
    select u.id, 'Company ' || u.email || ' ' || n, 'https://example.com'
    from users u, generate_series(1, 5) n`);
  await db.execute(sql`
    with heavy as (select id from users order by email limit 1)
    insert into posts (user_id, company_id, content, url, created_at)
    select
      case when n % 2 = 0 then (select id from heavy) else (select id from users order by random() limit 1) end,
      null,
      'Post number ' || n || ' about ' || (array['rockets','gardening','finance','travel','cooking'])[1 + n % 5] || ' ' || md5(n::text),
      case when n % 3 = 0 then 'https://news.example.com/story/' || n else null end,
      now() - (n || ' minutes')::interval
    from generate_series(1, 100000) n`);
  await db.execute(sql`
    update posts p set company_id = (
      select c.id from companies c where c.user_id = p.user_id order by c.name limit 1)`);
  await db.execute(sql`analyze`);
  const [heavy] = (await database.executeSql('select id from users order by email limit 1'))
    .rows as { id: string }[];
  const userId = heavy!.id;
  const [company] = (
    await database.executeSql('select id from companies where user_id = $1 order by name limit 1', [
      userId,
    ])
  ).rows as { id: string }[];

  const cases: [string, repo.PostFilter, number][] = [
    ['first page, no filter', {}, 0],
    ['page 40, no filter', {}, 975],
    ['company filter', { companyId: company!.id }, 0],
    ['search "rockets"', { search: 'rockets' }, 0],
    ['search a rare word "7f3a9"', { search: '7f3a9' }, 0],
    ['search + company', { search: 'rockets', companyId: company!.id }, 0],
    ['search matching a company name "company"', { search: 'company' }, 0],
    ['one company name, no text "example.com 3"', { search: 'example.com 3' }, 0],
  ];
  for (const [label, unresolved, offset] of cases) {
    const filter = await repo.resolvePostFilter(db, userId, unresolved);
    for (const [kind, query] of [
      ['page', repo.listPostPageQuery(db, userId, filter, { limit: 25, offset })],
      ['count', repo.countPostsQuery(db, userId, filter, listCountLimit(offset / 25 + 1, 25))],
    ] as const) {
      const { sql: text, params } = query.toSQL();
      const plan = await database.executeSql(`explain (analyze, costs off) ${text}`, params);
      console.log(`\n=== ${label}: ${kind}`);
      for (const row of plan.rows) console.log(row['QUERY PLAN']);
    }
  }
} finally {
  await database.close();
  if (process.env.KEEP) {
    console.log(`\nkept database ${scratch.name}`);
    await scratch.keep();
  } else await scratch.drop();
}
