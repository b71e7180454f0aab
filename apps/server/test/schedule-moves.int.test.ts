import {
  OCCURRENCE_MESSAGES,
  SCHEDULE_MESSAGES,
  type OccurrenceMoved,
  type Occurrences,
  type ScheduledInstance,
} from '@cadence/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledInstances, schedules } from '../src/db/schema.js';
import { claimInstances } from '../src/modules/schedules/index.js';
import { apiCall, type Method } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import { createPost } from './helpers/posts.js';
import {
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

// The test clock starts at 2026-11-21T09:00:00Z.
describe.each(engines)('moving scheduled occurrences on %s', (engine) => {
  let fakes: NetworkFakes;
  let t: TestApp;
  let owner: string;
  let stranger: string;
  let postId: string;

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, { env: fakes.env });
    owner = await createVerifiedAccount(t, { email: 'mover@example.com' });
    stranger = await createVerifiedAccount(t, { email: 'other@example.com' });
    await setTierByCommand(t, 'mover@example.com', 'enterprise');
    const companyId = await createCompany(t, owner);
    await connectNetworks(t, fakes, owner, companyId, ['twitter', 'bluesky']);
    postId = (await createPost(t, { email: 'mover@example.com', companyId, content: 'Weekly tip' }))
      .id;
    // Series keep their wall-clock time in the saved zone (New York, daylight saving on).
    const saved = await call('PUT', '/customer/settings', owner, {
      timezone: 'America/New_York',
      auto_dst: true,
    });
    expect(saved.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const call = <T = unknown>(method: Method, url: string, token: string, body?: object) =>
    apiCall<T>(t.app, method, url, token, body);
  const schedule = async (body: object) => {
    const response = await call<{ id: string; instances: ScheduledInstance[] }>(
      'POST',
      '/schedules',
      owner,
      { social_account_type: ['twitter', 'bluesky'], post_id: postId, ...body },
    );
    expect(response.status, response.body).toBe(201);
    return response.json.data;
  };
  const move = (id: string, body: object, token = owner) =>
    call<OccurrenceMoved>('PATCH', `/schedules/occurrences/${id}`, token, body);
  const rowsOf = (ids: string[]) =>
    t.infra.database.db
      .select()
      .from(scheduledInstances)
      .where(inArray(scheduledInstances.id, ids))
      .orderBy(scheduledInstances.scheduledFor);
  /** When the publisher runs the occurrence (its own job, decision 130). */
  const runAtOf = async (id: string) => (await rowsOf([id]))[0]?.runAt?.toISOString();

  it('moves a single occurrence and queues its publishing at the new time', async () => {
    const created = await schedule({ schedule_date: '2026-12-02T14:00:00Z' });
    const instance = created.instances[0]!;
    expect(await runAtOf(instance.id)).toBe('2026-12-02T14:00:00.000Z');
    const response = await move(instance.id, {
      scheduled_for: '2026-12-03T16:15:00Z',
      scope: 'one',
      expected_scheduled_for: '2026-12-02T14:00:00.000Z',
    });
    expect(response.status, response.body).toBe(200);
    expect(response.json.message).toBe(OCCURRENCE_MESSAGES.moved);
    expect(response.json.data.moved).toEqual([
      { id: instance.id, scheduled_for: '2026-12-03T16:15:00.000Z' },
    ]);
    const [row] = await rowsOf([instance.id]);
    expect(row?.scheduledFor.toISOString()).toBe('2026-12-03T16:15:00.000Z');
    expect(row?.status).toBe('pending');
    // Its run moved with it: nothing is left at the old time.
    expect(await runAtOf(instance.id)).toBe('2026-12-03T16:15:00.000Z');
  });

  it('answers 409 STALE and moves nothing when the occurrence was moved first', async () => {
    const created = await schedule({ schedule_date: '2026-12-05T10:00:00Z' });
    const id = created.instances[0]!.id;
    const first = await move(id, {
      scheduled_for: '2026-12-06T10:00:00Z',
      expected_scheduled_for: '2026-12-05T10:00:00Z',
    });
    expect(first.status).toBe(200);
    // A second tab still shows the old time.
    const second = await move(id, {
      scheduled_for: '2026-12-07T10:00:00Z',
      expected_scheduled_for: '2026-12-05T10:00:00Z',
    });
    expect(second.status).toBe(409);
    expect(second.json.code).toBe('STALE');
    expect(second.json.message).toBe(OCCURRENCE_MESSAGES.stale);
    const [row] = await rowsOf([id]);
    expect(row?.scheduledFor.toISOString()).toBe('2026-12-06T10:00:00.000Z');
  });

  it('refuses a time in the past with the spec message', async () => {
    const created = await schedule({ schedule_date: '2026-12-08T10:00:00Z' });
    const id = created.instances[0]!.id;
    for (const past of ['2026-11-21T08:59:00Z', '2026-11-21T09:00:00Z']) {
      const response = await move(id, {
        scheduled_for: past,
        scope: 'one',
        expected_scheduled_for: '2026-12-08T10:00:00Z',
      });
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(SCHEDULE_MESSAGES.futureDateTime);
      expect(response.json.code).toBe('DATE_NOT_IN_FUTURE');
    }
    const [row] = await rowsOf([id]);
    expect(row?.scheduledFor.toISOString()).toBe('2026-12-08T10:00:00.000Z');
  });

  it('refuses an occurrence the publisher has claimed (409, nothing moved)', async () => {
    const created = await schedule({ schedule_date: '2026-12-09T10:00:00Z' });
    const id = created.instances[0]!.id;
    // The publisher's own claim statement, as a job that starts early would run it.
    await t.infra.database.db.execute(claimInstances([id], t.clock()));
    const response = await move(id, {
      scheduled_for: '2026-12-10T10:00:00Z',
      expected_scheduled_for: '2026-12-09T10:00:00Z',
    });
    expect(response.status).toBe(409);
    expect(response.json.code).toBe('STALE');
    const [row] = await rowsOf([id]);
    expect(row?.scheduledFor.toISOString()).toBe('2026-12-09T10:00:00.000Z');
    expect(row?.status).toBe('publishing');
  });

  it('refuses an occurrence whose time has come, and one already published', async () => {
    const created = await schedule({ schedule_date: '2026-11-21T10:00:00Z' });
    const id = created.instances[0]!.id;
    t.clock.advance(3600);
    try {
      const due = await move(id, {
        scheduled_for: '2026-12-10T10:00:00Z',
        expected_scheduled_for: '2026-11-21T10:00:00Z',
      });
      expect(due.status).toBe(409);
      expect(due.json.code).toBe('STALE');
    } finally {
      t.clock.advance(-3600);
    }
    const later = await schedule({ schedule_date: '2026-12-11T10:00:00Z' });
    const publishedId = later.instances[0]!.id;
    await t.infra.database.db
      .update(scheduledInstances)
      .set({ status: 'published' })
      .where(eq(scheduledInstances.id, publishedId));
    const published = await move(publishedId, {
      scheduled_for: '2026-12-12T10:00:00Z',
      expected_scheduled_for: '2026-12-11T10:00:00Z',
    });
    expect(published.status).toBe(409);
  });

  it("is scoped to the owner: another customer's occurrence is not found", async () => {
    const created = await schedule({ schedule_date: '2026-12-14T10:00:00Z' });
    const id = created.instances[0]!.id;
    const theirs = await move(
      id,
      { scheduled_for: '2026-12-15T10:00:00Z', expected_scheduled_for: '2026-12-14T10:00:00Z' },
      stranger,
    );
    expect(theirs.status).toBe(404);
    expect(theirs.json.message).toBe(SCHEDULE_MESSAGES.notFound);
    const listed = await call<Occurrences>(
      'GET',
      '/schedules/occurrences?from=2026-12-14T00:00:00Z&to=2026-12-15T00:00:00Z',
      stranger,
    );
    expect(listed.json.data.occurrences).toEqual([]);
    const [row] = await rowsOf([id]);
    expect(row?.scheduledFor.toISOString()).toBe('2026-12-14T10:00:00.000Z');
  });

  it('lists a six-week month grid across a daylight saving change, and refuses longer', async () => {
    // Sunday Oct 25 to Saturday Dec 5 2026 in New York: 42 days and the hour of Nov 1.
    const grid = await call<Occurrences>(
      'GET',
      `/schedules/occurrences?from=${encodeURIComponent('2026-10-25T00:00:00-04:00')}&to=${encodeURIComponent('2026-12-05T23:59:59.999-05:00')}`,
      owner,
    );
    expect(grid.status, grid.body).toBe(200);
    const tooLong = await call(
      'GET',
      '/schedules/occurrences?from=2026-10-01T00:00:00Z&to=2026-12-01T00:00:00Z',
      owner,
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toBe('Ask for at most 43 days at once');
  });

  it('checks the body: scope, times and the id', async () => {
    const created = await schedule({ schedule_date: '2026-12-16T10:00:00Z' });
    const id = created.instances[0]!.id;
    const badScope = await move(id, {
      scheduled_for: '2026-12-17T10:00:00Z',
      scope: 'all',
      expected_scheduled_for: '2026-12-16T10:00:00Z',
    });
    expect(badScope.status).toBe(400);
    expect(badScope.json.message).toBe("Scope must be 'one' or 'following'");
    const noExpected = await move(id, { scheduled_for: '2026-12-17T10:00:00Z' });
    expect(noExpected.status).toBe(400);
    const badId = await move('not-a-uuid', {
      scheduled_for: '2026-12-17T10:00:00Z',
      expected_scheduled_for: '2026-12-16T10:00:00Z',
    });
    expect(badId.status).toBe(404);
    expect(badId.json.message).toBe(SCHEDULE_MESSAGES.notFound);
  });

  it("splits a weekly series at the moved occurrence with 'following'", async () => {
    // Wednesdays 09:00 in New York, five of them.
    const created = await schedule({
      schedule_date: '2026-12-02T09:00:00-05:00',
      repeat_type: 'weekly',
      repeat_until: '2026-12-30T23:59:00-05:00',
    });
    const times = created.instances.map((instance) => instance.scheduled_for);
    expect(times).toEqual([
      '2026-12-02T14:00:00.000Z',
      '2026-12-09T14:00:00.000Z',
      '2026-12-16T14:00:00.000Z',
      '2026-12-23T14:00:00.000Z',
      '2026-12-30T14:00:00.000Z',
    ]);
    const ids = created.instances.map((instance) => instance.id);
    // The fourth goes out (publish-now) before the third is moved: it stays where it is.
    await t.infra.database.db
      .update(scheduledInstances)
      .set({ status: 'published' })
      .where(eq(scheduledInstances.id, ids[3]!));
    // The third moves to Thursday 10:30 New York time, with the ones after it.
    const response = await move(ids[2]!, {
      scheduled_for: '2026-12-17T10:30:00-05:00',
      scope: 'following',
      expected_scheduled_for: '2026-12-16T14:00:00.000Z',
    });
    expect(response.status, response.body).toBe(200);
    expect(response.json.data.moved).toEqual([
      { id: ids[2], scheduled_for: '2026-12-17T15:30:00.000Z' },
      { id: ids[4], scheduled_for: '2026-12-24T15:30:00.000Z' },
    ]);
    const rows = await rowsOf(ids);
    expect(rows.map((row) => [row.id, row.scheduledFor.toISOString()])).toEqual([
      [ids[0], '2026-12-02T14:00:00.000Z'],
      [ids[1], '2026-12-09T14:00:00.000Z'],
      [ids[2], '2026-12-17T15:30:00.000Z'],
      [ids[3], '2026-12-23T14:00:00.000Z'],
      [ids[4], '2026-12-24T15:30:00.000Z'],
    ]);
    // Two series now: the first keeps the two before, the new one repeats weekly from Thursday.
    const newScheduleId = response.json.data.schedule_id;
    expect(newScheduleId).not.toBe(created.id);
    const scheduleOf = Object.fromEntries(rows.map((row) => [row.id, row.scheduleId]));
    expect([ids[0], ids[1], ids[3]].map((id) => scheduleOf[id!])).toEqual([
      created.id,
      created.id,
      created.id,
    ]);
    expect([ids[2], ids[4]].map((id) => scheduleOf[id!])).toEqual([newScheduleId, newScheduleId]);
    const series = await t.infra.database.db
      .select()
      .from(schedules)
      .where(inArray(schedules.id, [created.id, newScheduleId]));
    const split = series.find((row) => row.id === newScheduleId)!;
    expect(split).toMatchObject({
      repeatType: 'weekly',
      timezone: 'America/New_York',
      postId,
      networks: ['twitter', 'bluesky'],
    });
    expect(split.firstAt.toISOString()).toBe('2026-12-17T15:30:00.000Z');
    expect(split.repeatUntil!.getTime()).toBeGreaterThanOrEqual(Date.parse('2026-12-24T15:30:00Z'));
    const original = series.find((row) => row.id === created.id)!;
    expect(original.repeatUntil?.toISOString()).toBe('2026-12-23T14:00:00.000Z');
    // Publications travel with their occurrences; each moved one runs at its new time.
    expect(await runAtOf(ids[4]!)).toBe('2026-12-24T15:30:00.000Z');
    const listed = await call<Occurrences>(
      'GET',
      '/schedules/occurrences?from=2026-12-17T00:00:00Z&to=2026-12-18T00:00:00Z',
      owner,
    );
    expect(listed.json.data.occurrences).toEqual([
      expect.objectContaining({
        id: ids[2],
        schedule_id: newScheduleId,
        scheduled_for: '2026-12-17T15:30:00.000Z',
        repeat_type: 'weekly',
        networks: ['bluesky', 'twitter'],
        movable: true,
        content: 'Weekly tip',
      }),
    ]);
  });

  it("keeps the wall-clock time across daylight saving when moving 'following'", async () => {
    // Weekly on Mondays 09:00 in New York, over the spring change (2027-03-14).
    const created = await schedule({
      schedule_date: '2027-03-01T09:00:00-05:00',
      repeat_type: 'weekly',
      repeat_until: '2027-03-22T23:00:00-04:00',
    });
    const ids = created.instances.map((instance) => instance.id);
    expect(ids).toHaveLength(4);
    // From the first on, to Tuesdays 08:00: nothing stays behind, the series itself moves.
    const response = await move(ids[0]!, {
      scheduled_for: '2027-03-02T08:00:00-05:00',
      scope: 'following',
      expected_scheduled_for: created.instances[0]!.scheduled_for,
    });
    expect(response.status, response.body).toBe(200);
    expect(response.json.data.schedule_id).toBe(created.id);
    expect(response.json.data.moved.map((row) => row.scheduled_for)).toEqual([
      '2027-03-02T13:00:00.000Z',
      '2027-03-09T13:00:00.000Z',
      '2027-03-16T12:00:00.000Z',
      '2027-03-23T12:00:00.000Z',
    ]);
  });

  it("moves only the one with 'one' on a repeating schedule", async () => {
    const created = await schedule({
      schedule_date: '2027-01-04T09:00:00-05:00',
      repeat_type: 'daily',
      repeat_until: '2027-01-06T23:00:00-05:00',
    });
    const ids = created.instances.map((instance) => instance.id);
    const response = await move(ids[1]!, {
      scheduled_for: '2027-01-05T11:45:00-05:00',
      scope: 'one',
      expected_scheduled_for: created.instances[1]!.scheduled_for,
    });
    expect(response.status).toBe(200);
    const rows = await rowsOf(ids);
    expect(rows.map((row) => row.scheduledFor.toISOString())).toEqual([
      '2027-01-04T14:00:00.000Z',
      '2027-01-05T16:45:00.000Z',
      '2027-01-06T14:00:00.000Z',
    ]);
    expect(new Set(rows.map((row) => row.scheduleId))).toEqual(new Set([created.id]));
  });

  it.runIf(engine === 'postgres')(
    'lets either the publisher claim or the move win, never both',
    async () => {
      const created = await schedule({ schedule_date: '2026-12-20T10:00:00Z' });
      const id = created.instances[0]!.id;
      const { db } = t.infra.database;
      let moving: Promise<Awaited<ReturnType<typeof move>>> | undefined;
      await db.transaction(async (tx) => {
        await tx.execute(claimInstances([id], t.clock()));
        // The move waits for the claim's row lock...
        moving = move(id, {
          scheduled_for: '2026-12-21T10:00:00Z',
          expected_scheduled_for: '2026-12-20T10:00:00Z',
        });
        for (;;) {
          const waiting = await db.execute(
            sql`select count(*)::int as n from pg_stat_activity
              where datname = current_database() and wait_event_type = 'Lock'`,
          );
          if ((waiting as { rows: Array<{ n: number }> }).rows[0]!.n > 0) break;
          await new Promise((resolve) => setImmediate(resolve));
        }
      });
      // ...and, once the claim is committed, finds the occurrence publishing.
      const response = await moving!;
      expect(response.status).toBe(409);
      const [row] = await rowsOf([id]);
      expect(row?.scheduledFor.toISOString()).toBe('2026-12-20T10:00:00.000Z');
    },
  );
});
