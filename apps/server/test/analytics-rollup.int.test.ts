import { API_PATHS, type AnalyticsSummary } from '@cadence/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from './helpers/databases.js';
import { createCompany } from './helpers/networks.js';
import {
  createTestApp,
  createVerifiedAccount,
  getJson,
  sendJson,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

/**
 * The summary reads its days from the rollup the triggers keep (decision 125); this checks
 * it against a straight count of the stats rows, on random publications: posts on several
 * networks a few minutes to hours apart (some across a local midnight), zones with half-hour
 * offsets and clock changes, periods that start and end mid-day, after number changes,
 * deleted posts and a change of zone.
 */

const DAY_MS = 86_400_000;
const NETWORKS = ['bluesky', 'facebook', 'instagram', 'linkedIn', 'threads', 'twitter'] as const;

/** A small seeded generator, so a failure can be replayed. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

interface StatRow {
  post_id: string;
  company_id: string | null;
  network: string;
  published_at: string;
  impressions: number | null;
  engagements: number;
}

function localParts(at: number, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
      weekday: 'short',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    weekday: weekdays.indexOf(parts.weekday!),
  };
}

/** What one scan of the period's stats rows counts. */
function straight(rows: StatRow[], from: Date, to: Date, zone: string, companyId?: string) {
  const inPeriod = rows.filter((row) => {
    const at = Date.parse(row.published_at);
    return (
      at >= from.getTime() && at < to.getTime() && (!companyId || row.company_id === companyId)
    );
  });
  const days = new Map<string, { posts: Set<string>; impressions: number; engagements: number }>();
  const networks = new Map<string, { posts: number; impressions: number; engagements: number }>();
  const hours = new Map<string, { posts: number; engagements: number }>();
  for (const row of inPeriod) {
    const local = localParts(Date.parse(row.published_at), zone);
    const day = days.get(local.date) ?? { posts: new Set(), impressions: 0, engagements: 0 };
    day.posts.add(row.post_id);
    day.impressions += row.impressions ?? 0;
    day.engagements += row.engagements;
    days.set(local.date, day);
    const network = networks.get(row.network) ?? { posts: 0, impressions: 0, engagements: 0 };
    network.posts += 1;
    network.impressions += row.impressions ?? 0;
    network.engagements += row.engagements;
    networks.set(row.network, network);
    const key = `${local.weekday}:${local.hour}`;
    const cell = hours.get(key) ?? { posts: 0, engagements: 0 };
    cell.posts += 1;
    cell.engagements += row.engagements;
    hours.set(key, cell);
  }
  return {
    posts_published: new Set(inPeriod.map((row) => row.post_id)).size,
    impressions: inPeriod.reduce((sum, row) => sum + (row.impressions ?? 0), 0),
    engagements: inPeriod.reduce((sum, row) => sum + row.engagements, 0),
    days: Object.fromEntries(
      [...days].map(([date, day]) => [
        date,
        { posts: day.posts.size, impressions: day.impressions, engagements: day.engagements },
      ]),
    ),
    networks: Object.fromEntries([...networks].sort(([a], [b]) => (a < b ? -1 : 1))),
    hours: Object.fromEntries([...hours].sort(([a], [b]) => (a < b ? -1 : 1))),
  };
}

/** The same figures, as the summary answered them. */
function answered(summary: AnalyticsSummary) {
  return {
    posts_published: summary.posts_published,
    impressions: summary.impressions,
    engagements: summary.engagements,
    days: Object.fromEntries(
      summary.series
        .filter((day) => day.posts_published > 0)
        .map((day) => [
          day.date,
          {
            posts: day.posts_published,
            impressions: day.impressions,
            engagements: day.engagements,
          },
        ]),
    ),
    networks: Object.fromEntries(
      summary.by_network.map((row) => [
        row.network,
        { posts: row.posts_published, impressions: row.impressions, engagements: row.engagements },
      ]),
    ),
    hours: Object.fromEntries(
      summary.best_hours.cells.map((cell) => [
        `${cell.weekday}:${cell.hour}`,
        { posts: cell.posts, engagements: Math.round(cell.average_engagement * cell.posts) },
      ]),
    ),
  };
}

describe.each(engines)('the Analytics rollup on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let userId: string;
  const entities: string[] = [];
  const random = randomFrom(20261127);
  const start = Date.parse('2026-09-20T00:00:00Z');

  const execute = (query: ReturnType<typeof sql>) => t.infra.database.db.execute(query);
  const statRows = async () =>
    (
      (await execute(sql`
        select post_id, company_id, network, published_at, impressions, engagements
        from publication_stats where user_id = ${userId}`)) as { rows: StatRow[] }
    ).rows.map((row) => ({
      ...row,
      published_at: new Date(row.published_at).toISOString(),
      impressions: row.impressions === null ? null : Number(row.impressions),
      engagements: Number(row.engagements),
    }));

  beforeAll(async () => {
    t = await createTestApp(engine);
    token = await createVerifiedAccount(t, { email: `rollup-${engine}@example.com` });
    await setTierByCommand(t, `rollup-${engine}@example.com`, 'enterprise');
    const me = (await getJson(t.app, API_PATHS.me, token)).json.data as unknown as { id: string };
    userId = me.id;
    entities.push(await createCompany(t, token, 'Rollup one'));
    entities.push(await createCompany(t, token, 'Rollup two'));
    // 400 posts over 60 days, each on one to three networks, the later ones minutes to
    // hours after the first.
    for (let index = 0; index < 400; index++) {
      const company = entities[index % 2]!;
      const at = start + Math.floor(random() * 60 * DAY_MS);
      const networks = [...NETWORKS]
        .sort(() => random() - 0.5)
        .slice(0, 1 + Math.floor(random() * 3));
      const post = (
        (await execute(sql`
          insert into posts (user_id, company_id, content)
          values (${userId}, ${company}, ${`Rollup post ${index}`}) returning id`)) as {
          rows: Array<{ id: string }>;
        }
      ).rows[0]!.id;
      const instance = (
        (await execute(sql`
          with s as (insert into schedules (user_id, post_id, networks, first_at)
            values (${userId}, ${post}, '[]'::jsonb, ${new Date(at).toISOString()}) returning id)
          insert into scheduled_instances (schedule_id, post_id, user_id, scheduled_for, status)
          select s.id, ${post}, ${userId}, ${new Date(at).toISOString()}, 'published' from s
          returning id`)) as { rows: Array<{ id: string }> }
      ).rows[0]!.id;
      for (const [position, network] of networks.entries()) {
        const publishedAt = new Date(
          at + (position === 0 ? 0 : Math.floor(random() * (random() < 0.3 ? 6 : 0.5) * 3_600_000)),
        ).toISOString();
        const likes = Math.floor(random() * 200);
        const comments = Math.floor(random() * 30);
        const shares = Math.floor(random() * 40);
        const impressions = random() < 0.2 ? null : Math.floor(random() * 5000);
        await execute(sql`
          with p as (insert into publications (instance_id, network, status, external_id, published_at)
            values (${instance}, ${network}, 'published', ${`ext-${index}-${network}`}, ${publishedAt})
            returning id, published_at)
          insert into publication_stats (publication_id, user_id, company_id, post_id, network,
            external_id, published_at, read_at, likes, comments, shares, impressions, engagements)
          select p.id, ${userId}, ${company}, ${post}, ${network}, ${`ext-${index}-${network}`},
            p.published_at, p.published_at, ${likes}, ${comments}, ${shares}, ${impressions},
            ${likes + comments + shares}
          from p`);
      }
    }
    // 30 short links with clicks on random days (the shortener's per-link days).
    await execute(sql`
      insert into short_links (user_id, code, url)
      select ${userId}, 'rollup' || n, 'https://example.com/' || n from generate_series(1, 30) n`);
    await execute(sql`
      insert into short_link_clicks (short_link_id, day, clicks)
      select l.id, date '2026-09-18' + d, 1 + (abs(hashtext(l.code || d)) % 9)
      from short_links l, generate_series(0, 65) d
      where l.user_id = ${userId} and abs(hashtext(l.code || d)) % 3 = 0`);
  }, 600_000);
  afterAll(async () => {
    await t?.close();
  });

  const saveZone = async (zone: string) => {
    const saved = await sendJson(
      t.app,
      'PUT',
      API_PATHS.settings,
      { timezone: zone, auto_dst: true },
      token,
    );
    expect(saved.status).toBe(200);
  };
  const summaryOf = async (from: Date, to: Date, companyId?: string) => {
    const query = `from=${from.toISOString()}&to=${to.toISOString()}${companyId ? `&company_id=${companyId}` : ''}`;
    const response = await getJson(t.app, `/analytics/summary?${query}`, token);
    expect(response.status).toBe(200);
    return response.json.data as unknown as AnalyticsSummary;
  };
  /** Random periods (mid-day ends, a few hours to 40 days), the whole range, and one entity's. */
  async function compareAll(zone: string, periods: number) {
    const rows = await statRows();
    const cases: Array<[Date, Date, string | undefined]> = [
      [new Date(start - DAY_MS), new Date(start + 61 * DAY_MS), undefined],
      [new Date(start + 10 * DAY_MS), new Date(start + 40 * DAY_MS), entities[1]],
    ];
    for (let index = 0; index < periods; index++) {
      const from = start + Math.floor(random() * 50 * DAY_MS);
      const length =
        random() < 0.3 ? Math.floor(random() * DAY_MS) : Math.floor(random() * 40 * DAY_MS);
      cases.push([
        new Date(from),
        new Date(from + length + 60_000),
        random() < 0.3 ? entities[0] : undefined,
      ]);
    }
    for (const [from, to, companyId] of cases) {
      const summary = await summaryOf(from, to, companyId);
      const expected = straight(rows, from, to, zone, companyId);
      const got = answered(summary);
      if (summary.best_hours.needed > 0) expected.hours = {};
      expect(
        got,
        `${zone} ${from.toISOString()} - ${to.toISOString()} ${companyId ?? 'all'}`,
      ).toEqual(expected);
      const before = new Date(from.getTime() - (to.getTime() - from.getTime()));
      const previous = straight(rows, before, from, zone, companyId);
      expect(summary.previous).toMatchObject({
        posts_published: previous.posts_published,
        impressions: previous.impressions,
        engagements: previous.engagements,
      });
      const top = rows
        .filter((row) => {
          const at = Date.parse(row.published_at);
          return (
            at >= from.getTime() &&
            at < to.getTime() &&
            (!companyId || row.company_id === companyId)
          );
        })
        .map((row) => row.engagements)
        .sort((a, b) => b - a)
        .slice(0, 10);
      expect(summary.top_posts.map((row) => row.engagements)).toEqual(top);
      if (!companyId) {
        // Clicks per UTC day of the period's days, straight from the per-link days.
        const dayAfter = (at: Date) =>
          new Date(Date.parse(new Date(at.getTime() - 1).toISOString().slice(0, 10)) + DAY_MS)
            .toISOString()
            .slice(0, 10);
        const clicks = (await execute(sql`
          select coalesce(sum(c.clicks), 0)::int as clicks
          from short_links l join short_link_clicks c on c.short_link_id = l.id
          where l.user_id = ${userId} and c.day >= ${dayAfter(from)}::date
            and c.day < ${dayAfter(to)}::date`)) as { rows: Array<{ clicks: number }> };
        expect(summary.clicks).toBe(Number(clicks.rows[0]!.clicks));
      }
    }
  }

  it('answers what a straight count of the stats rows answers, as numbers change, posts go and the zone changes', async () => {
    await saveZone('Asia/Kolkata');
    await compareAll('Asia/Kolkata', 12);
    const spread = (await execute(
      sql`select count(*)::int as n from analytics_spread_posts where user_id = ${userId}`,
    )) as { rows: Array<{ n: number }> };
    // Some posts went out on two local days: the case the extra days are taken off for.
    expect(spread.rows[0]!.n).toBeGreaterThan(0);

    // New numbers for a third of the publications, as a read writes them.
    await execute(sql`
      update publication_stats set likes = likes + 7, engagements = engagements + 7,
        impressions = coalesce(impressions, 0) + 11
      where user_id = ${userId} and abs(hashtext(publication_id::text)) % 3 = 0`);
    // Clicks counted again on a day, a day's row removed, a link deleted with its days.
    await execute(sql`
      update short_link_clicks set clicks = clicks + 5 where short_link_id in
        (select id from short_links where user_id = ${userId} and code like 'rollup1%')`);
    await execute(sql`
      delete from short_link_clicks where day = date '2026-10-01' and short_link_id in
        (select id from short_links where user_id = ${userId})`);
    await execute(sql`delete from short_links where user_id = ${userId} and code = 'rollup2'`);
    // Posts deleted: their publications and stats rows go by cascade.
    await execute(sql`
      delete from posts where id in (select id from posts where user_id = ${userId}
        order by content limit 25)`);
    await compareAll('Asia/Kolkata', 8);

    // Another zone (half-hour offset, clock changes in the period): the rollup is rebuilt.
    await saveZone('America/St_Johns');
    await compareAll('America/St_Johns', 12);
  }, 600_000);
});
