import {
  SCHEDULE_MESSAGES,
  type CalendarDay,
  type ScheduledInstance,
  type ScheduleList,
} from '@cadence/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledInstances, schedules } from '../src/db/schema.js';
import { engines } from './helpers/databases.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import { createPost } from './helpers/posts.js';
import { apiCall, type Method } from './helpers/api.js';
import {
  createTestApp,
  createVerifiedAccount,
  type TestApp,
  setTierByCommand,
  accountIdOf,
} from './helpers/test-app.js';

describe.each(engines)('schedules on %s', (engine) => {
  let fakes: NetworkFakes;
  let t: TestApp;
  let owner: string;
  let stranger: string;
  let companyId: string;
  let postId: string;

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, { env: fakes.env });
    owner = await createVerifiedAccount(t, { email: 'owner@example.com' });
    stranger = await createVerifiedAccount(t, { email: 'stranger@example.com' });
    await setTierByCommand(t, 'owner@example.com', 'enterprise');
    companyId = await createCompany(t, owner);
    await connectNetworks(t, fakes, owner, companyId, ['twitter', 'bluesky']);
    postId = (
      await createPost(t, {
        email: 'owner@example.com',
        companyId,
        content: 'Launch day',
        url: 'https://acme.example.com/launch',
        withImage: true,
      })
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  /** The owner's scheduled instances of one post (the Scheduling list, by post). */
  const instancesOfPost = async (id: string) =>
    (
      await t.container.services.schedules.list(await accountIdOf(t, 'owner@example.com'), {
        page: 1,
        pageSize: 100,
        post_id: id,
      })
    ).rows;

  const call = <T = unknown>(method: Method, url: string, token: string, body?: object) =>
    apiCall<T>(t.app, method, url, token, body);
  const schedule = (body: object, token = owner) =>
    call<{ id: string; instances: ScheduledInstance[] }>('POST', '/schedules', token, {
      social_account_type: ['twitter'],
      post_id: postId,
      schedule_date: '2026-12-01T09:00:00+01:00',
      ...body,
    });
  const list = (query = '', token = owner) =>
    call<ScheduleList>('GET', `/schedules${query}`, token);

  describe('settings', () => {
    it('has no time zone until one is saved', async () => {
      const response = await call('GET', '/customer/settings', owner);
      expect(response.status).toBe(200);
      expect(response.json.data).toEqual({ timezone: null, auto_dst: true });
    });

    it('saves a known zone and refuses an unknown one', async () => {
      const bad = await call('PUT', '/customer/settings', owner, {
        timezone: 'Mars/Olympus',
        auto_dst: true,
      });
      expect(bad.status).toBe(400);
      expect(bad.json.message).toBe('Choose a time zone from the list');
      const saved = await call('PUT', '/customer/settings', owner, {
        timezone: 'Europe/Berlin',
        auto_dst: false,
      });
      expect(saved.status).toBe(200);
      expect(saved.json.data).toEqual({ timezone: 'Europe/Berlin', auto_dst: false });
      const read = await call('GET', '/customer/settings', owner);
      expect(read.json.data).toEqual({ timezone: 'Europe/Berlin', auto_dst: false });
      const other = await call('GET', '/customer/settings', stranger);
      expect(other.json.data).toEqual({ timezone: null, auto_dst: true });
    });
  });

  describe('creating', () => {
    it.each([
      [{ social_account_type: [] }, 'Please select at least one platform'],
      [{ schedule_date: '' }, 'Please select both date and time'],
      [{ schedule_date: '2026-11-20T09:00:00Z' }, SCHEDULE_MESSAGES.futureDateTime],
      [
        { repeat_type: 'daily', repeat_until: '2026-11-30T09:00:00Z' },
        SCHEDULE_MESSAGES.repeatUntilBeforeStart,
      ],
      [
        { repeat_type: 'daily', repeat_until: '2026-12-01T09:00:00+01:00' },
        SCHEDULE_MESSAGES.repeatUntilBeforeStart,
      ],
      [{ repeat_type: 'weekly' }, SCHEDULE_MESSAGES.repeatUntilRequired],
      [{ timezone: 'Nowhere/Land' }, 'Choose a time zone from the list'],
      [{ social_account_type: ['linkedIn'] }, SCHEDULE_MESSAGES.networkNotConnected('LinkedIn')],
    ])('refuses %j with a message', async (body, message) => {
      const response = await schedule(body);
      expect(response.status, response.body).toBe(400);
      expect(response.json.message).toBe(message);
    });

    it('refuses a network outside the plan even when it was connected', async () => {
      await setTierByCommand(t, 'owner@example.com', 'free');
      const response = await schedule({ social_account_type: ['bluesky'] });
      await setTierByCommand(t, 'owner@example.com', 'enterprise');
      expect(response.status).toBe(403);
      expect(response.json.message).toBe(SCHEDULE_MESSAGES.networkNotOnPlan('Bluesky'));
    });

    it("answers 404 for another customer's post and 400 for a post without entity", async () => {
      const theirs = await schedule({}, stranger);
      expect(theirs.status).toBe(404);
      expect(theirs.json.message).toBe('Post not found');
      const orphan = await createPost(t, {
        email: 'owner@example.com',
        companyId: null,
        content: 'No entity',
      });
      const response = await schedule({ post_id: orphan.id });
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(SCHEDULE_MESSAGES.postHasNoEntity);
    });

    it('refuses Instagram for a post without an image or video', async () => {
      const company = await createCompany(t, owner, 'Gallery');
      await connectNetworks(t, fakes, owner, company, ['instagram']);
      const textOnly = await createPost(t, {
        email: 'owner@example.com',
        companyId: company,
        content: 'Words only',
      });
      const refused = await schedule({
        post_id: textOnly.id,
        social_account_type: ['instagram'],
        schedule_date: '2027-06-01T10:00:00Z',
      });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toBe(SCHEDULE_MESSAGES.instagramNeedsMedia);
      const withImage = await createPost(t, {
        email: 'owner@example.com',
        companyId: company,
        content: 'A picture',
        withImage: true,
      });
      const accepted = await schedule({
        post_id: withImage.id,
        social_account_type: ['instagram'],
        schedule_date: '2027-06-01T10:00:00Z',
      });
      expect(accepted.json.message).toBe(SCHEDULE_MESSAGES.scheduled);
      expect(accepted.status).toBe(201);
      // Leave the shared account as the listing tests expect it.
      const instanceId = accepted.json.data.instances[0]!.id;
      expect((await call('DELETE', `/schedules/${instanceId}`, owner)).status).toBe(200);
    });

    it('schedules once, with a pending publication per network and a queued job', async () => {
      const response = await schedule({ social_account_type: ['twitter', 'bluesky'] });
      expect(response.status, response.body).toBe(201);
      expect(response.json.success).toBe(true);
      expect(response.json.message).toBe('Post scheduled successfully');
      const [instance] = response.json.data.instances;
      expect(response.json.data.instances).toHaveLength(1);
      expect(instance).toMatchObject({
        scheduled_for: '2026-12-01T08:00:00.000Z',
        status: 'pending',
        repeat_type: null,
        post: {
          id: postId,
          content: 'Launch day',
          url: 'https://acme.example.com/launch',
          company: { id: companyId, name: 'Acme' },
        },
      });
      expect(instance?.post.attachments).toHaveLength(1);
      expect(instance?.schedule_data.map((entry) => [entry.network, entry.status])).toEqual([
        ['bluesky', 'pending'],
        ['twitter', 'pending'],
      ]);
      expect(instance?.schedule_data[0]?.social_account.name).toBe('alice.test');
      const [row] = await t.infra.database.db
        .select()
        .from(scheduledInstances)
        .where(eq(scheduledInstances.id, instance!.id));
      // Its publish run is asked with it, at its time (decision 130).
      expect(row?.runAt?.toISOString()).toBe('2026-12-01T08:00:00.000Z');
      expect(row?.leaseUntil).toBeNull();
    });

    it('repeats at the same wall-clock time in the saved zone across the DST change', async () => {
      // With daylight-saving adjustment on, 09:00 in Berlin stays 09:00 after March 29th.
      const saved = await call('PUT', '/customer/settings', owner, {
        timezone: 'Europe/Berlin',
        auto_dst: true,
      });
      expect(saved.status).toBe(200);
      const response = await schedule({
        schedule_date: '2027-03-27T09:00:00+01:00',
        repeat_type: 'daily',
        repeat_until: '2027-03-29T23:00:00+02:00',
      });
      expect(response.status, response.body).toBe(201);
      expect(response.json.data.instances.map((instance) => instance.scheduled_for)).toEqual([
        '2027-03-27T08:00:00.000Z',
        '2027-03-28T07:00:00.000Z',
        '2027-03-29T07:00:00.000Z',
      ]);
      expect(response.json.data.instances[0]?.repeat_type).toBe('daily');
    });

    it('caps a repeat at 100 occurrences, using the zone given in the request', async () => {
      const response = await schedule({
        schedule_date: '2027-06-01T12:00:00Z',
        repeat_type: 'daily',
        repeat_until: '2028-06-01T12:00:00Z',
        timezone: 'UTC',
      });
      expect(response.status).toBe(201);
      expect(response.json.data.instances).toHaveLength(100);
    });
  });

  describe('listing and the calendar', () => {
    it('lists by time with paging and filters, scoped to the owner', async () => {
      const all = await list('?pageSize=100');
      expect(all.status).toBe(200);
      expect(all.json.data.count).toBe(104);
      const times = all.json.data.rows.map((row) => row.scheduled_for);
      expect(times).toEqual([...times].sort());
      expect(all.json.data.count_is_exact).toBe(true);
      // Page 2 of 5 counts (2 + 5) pages ahead: 35 of the 104, and says more follow.
      const page = await list('?page=2&pageSize=5');
      expect(page.json.data).toMatchObject({ count: 35, count_is_exact: false });
      expect(page.json.data.rows.map((row) => row.id)).toEqual(
        all.json.data.rows.slice(5, 10).map((row) => row.id),
      );
      const window = await list('?from=2027-03-27T00:00:00Z&to=2027-03-29T23:59:59Z');
      expect(window.json.data.count).toBe(3);
      const theirs = await list('', stranger);
      expect(theirs.json.data).toMatchObject({ rows: [], count: 0 });
      const otherCompany = await list(`?company_id=${crypto.randomUUID()}`);
      expect(otherCompany.json.data.count).toBe(0);
      expect((await list('?pageSize=101')).status).toBe(400);
    });

    it('counts per day in a zone, with the first three posts of each day', async () => {
      for (const time of ['2027-01-10T22:30:00Z', '2027-01-10T23:30:00Z', '2027-01-11T05:00:00Z']) {
        expect((await schedule({ schedule_date: time })).status).toBe(201);
      }
      for (const time of ['2027-01-11T06:00:00Z', '2027-01-11T07:00:00Z']) {
        expect((await schedule({ schedule_date: time })).status).toBe(201);
      }
      const range = 'from=2027-01-01T00:00:00Z&to=2027-02-01T00:00:00Z';
      const berlin = await call<{ days: CalendarDay[] }>(
        'GET',
        `/schedules/calendar?${range}&timezone=Europe/Berlin`,
        owner,
      );
      expect(berlin.status, berlin.body).toBe(200);
      // 22:30Z is 23:30 on the 10th in Berlin; 23:30Z is already the 11th there.
      expect(berlin.json.data.days.map((day) => [day.date, day.count])).toEqual([
        ['2027-01-10', 1],
        ['2027-01-11', 4],
      ]);
      const eleventh = berlin.json.data.days[1]!;
      expect(eleventh.posts.map((post) => post.scheduled_for)).toEqual([
        '2027-01-10T23:30:00.000Z',
        '2027-01-11T05:00:00.000Z',
        '2027-01-11T06:00:00.000Z',
      ]);
      expect(eleventh.posts[0]?.content).toBe('Launch day');
      const utc = await call<{ days: CalendarDay[] }>(
        'GET',
        `/schedules/calendar?${range}&timezone=UTC`,
        owner,
      );
      expect(utc.json.data.days.map((day) => [day.date, day.count])).toEqual([
        ['2027-01-10', 2],
        ['2027-01-11', 3],
      ]);
      const theirs = await call<{ days: CalendarDay[] }>(
        'GET',
        `/schedules/calendar?${range}`,
        stranger,
      );
      expect(theirs.json.data.days).toEqual([]);
      const bad = await call('GET', `/schedules/calendar?${range}&timezone=Bad/Zone`, owner);
      expect([bad.status, bad.json.code]).toEqual([400, 'UNKNOWN_TIME_ZONE']);
      expect(bad.json.message).toBe('Choose a time zone from the list');
      const backwards = await call(
        'GET',
        '/schedules/calendar?from=2027-02-01T00:00:00Z&to=2027-01-01T00:00:00Z',
        owner,
      );
      expect([backwards.status, backwards.json.message, backwards.json.code]).toEqual([
        400,
        'to must be after from',
        'BAD_RANGE',
      ]);
      const tooLong = await call(
        'GET',
        '/schedules/calendar?from=2027-01-01T00:00:00Z&to=2028-06-01T00:00:00Z',
        owner,
      );
      expect([tooLong.status, tooLong.json.message, tooLong.json.code]).toEqual([
        400,
        'Ask for at most 400 days at once',
        'RANGE_TOO_LONG',
      ]);
    });
  });

  describe('deleting', () => {
    it('deletes one instance with its publish run, and refuses strangers', async () => {
      const created = await schedule({ schedule_date: '2027-02-02T10:00:00Z' });
      const id = created.json.data.instances[0]!.id;
      const [row] = await t.infra.database.db
        .select()
        .from(scheduledInstances)
        .where(eq(scheduledInstances.id, id));
      expect((await call('DELETE', `/schedules/${id}`, stranger)).status).toBe(404);
      const response = await call('DELETE', `/schedules/${id}`, owner);
      expect(response.status).toBe(200);
      expect(response.json.message).toBe('1 post(s) deleted');
      // The instance was its own publish job: gone with it, nothing left to run.
      expect(
        await t.infra.database.db
          .select()
          .from(scheduledInstances)
          .where(eq(scheduledInstances.id, id)),
      ).toEqual([]);
      // The last instance gone, the schedule goes too.
      const left = await t.infra.database.db
        .select()
        .from(schedules)
        .where(eq(schedules.id, row!.scheduleId));
      expect(left).toEqual([]);
      expect((await call('DELETE', `/schedules/${id}`, owner)).status).toBe(404);
      expect((await call('DELETE', '/schedules/not-a-uuid', owner)).status).toBe(404);
    });

    it("bulk-deletes only the caller's instances", async () => {
      const created = await schedule({
        schedule_date: '2027-04-01T10:00:00Z',
        repeat_type: 'weekly',
        repeat_until: '2027-04-22T10:00:00Z',
      });
      const ids = created.json.data.instances.map((instance) => instance.id);
      expect(ids).toHaveLength(4);
      const none = await call('POST', '/schedules/bulk-delete', stranger, { ids });
      expect(none.status).toBe(404);
      const some = await call('POST', '/schedules/bulk-delete', owner, {
        ids: [ids[0], ids[1], crypto.randomUUID()],
      });
      expect(some.status).toBe(200);
      expect(some.json.message).toBe('2 post(s) deleted');
      expect(some.json.data).toEqual({ deleted: 2 });
      const schedule_ = await t.infra.database.db
        .select()
        .from(schedules)
        .where(eq(schedules.id, created.json.data.id));
      expect(schedule_).toHaveLength(1);
      const empty = await call('POST', '/schedules/bulk-delete', owner, { ids: [] });
      expect(empty.status).toBe(400);
    });

    it("cancels a deleted company's pending publishing and keeps its posts", async () => {
      const otherCompany = await createCompany(t, owner, 'Beta');
      await connectNetworks(t, fakes, owner, otherCompany, ['twitter']);
      const post = await createPost(t, {
        email: 'owner@example.com',
        companyId: otherCompany,
        content: 'Beta news',
      });
      const created = await schedule({ post_id: post.id, schedule_date: '2027-05-05T10:00:00Z' });
      expect(created.status).toBe(201);
      const instanceId = created.json.data.instances[0]!.id;
      expect((await call('DELETE', `/customer/company/${otherCompany}`, owner)).status).toBe(200);
      const left = await t.infra.database.db
        .select()
        .from(scheduledInstances)
        .where(eq(scheduledInstances.id, instanceId));
      expect(left).toEqual([]);
      const kept = await t.container.services.posts.get(post.userId, post.id);
      expect(kept?.company_id).toBeNull();
    });
  });

  describe('from the post form', () => {
    const createPostWithTime = (body: object) =>
      call<{ id: string; status: string; has_schedules: boolean }>(
        'POST',
        '/customer/post',
        owner,
        { company_id: companyId, content: 'Form-scheduled news', ...body },
      );

    it('schedules a post created with a time to its platforms', async () => {
      const created = await createPostWithTime({
        scheduled_for: '2027-02-02T10:00:00Z',
        platforms: ['twitter', 'bluesky'],
      });
      expect(created.status).toBe(201);
      expect(created.json.data).toMatchObject({ status: 'scheduled', has_schedules: true });
      const listed = await call<ScheduleList>(
        'GET',
        '/schedules?from=2027-02-02T00:00:00Z&to=2027-02-03T00:00:00Z',
        owner,
      );
      const mine = listed.json.data.rows.filter((row) => row.post.id === created.json.data.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]?.scheduled_for).toBe('2027-02-02T10:00:00.000Z');
      expect(mine[0]?.schedule_data.map((item) => item.network).sort()).toEqual([
        'bluesky',
        'twitter',
      ]);
    });

    it('leaves Instagram out for a text post, and schedules the rest', async () => {
      const gallery = await createCompany(t, owner, 'Text and pictures');
      await connectNetworks(t, fakes, owner, gallery, ['twitter', 'instagram']);
      const created = await call<{ id: string }>('POST', '/customer/post', owner, {
        company_id: gallery,
        content: 'Words only, on a schedule',
        scheduled_for: '2027-02-03T10:00:00Z',
        platforms: ['twitter', 'instagram'],
      });
      expect(created.status).toBe(201);
      const rows = await instancesOfPost(created.json.data.id);
      expect(rows).toHaveLength(1);
      const listed = await call<ScheduleList>('GET', `/schedules?company_id=${gallery}`, owner);
      expect(listed.json.data.rows[0]?.schedule_data.map((item) => item.network)).toEqual([
        'twitter',
      ]);
      const onlyInstagram = await call('POST', '/customer/post', owner, {
        company_id: gallery,
        content: 'Nothing to show',
        scheduled_for: '2027-02-03T10:00:00Z',
        platforms: ['instagram'],
      });
      expect(onlyInstagram.status).toBe(400);
      expect(onlyInstagram.json.message).toBe(SCHEDULE_MESSAGES.instagramNeedsMedia);
      // Leave the shared account as the other tests expect it.
      await call('DELETE', `/customer/company/${gallery}`, owner);
    });

    it('refuses a past time or no networks, and creates nothing then', async () => {
      const before = await call<{ count: number }>('GET', '/customer/post', owner);
      const past = await createPostWithTime({
        scheduled_for: '2020-01-01T10:00:00Z',
        platforms: ['twitter'],
      });
      expect(past.status).toBe(400);
      expect(past.json.message).toBe(SCHEDULE_MESSAGES.futureDateTime);
      const none = await createPostWithTime({ scheduled_for: '2027-02-02T10:00:00Z' });
      expect(none.status).toBe(400);
      expect(none.json.message).toBe(SCHEDULE_MESSAGES.noNetworks);
      const notConnected = await createPostWithTime({
        scheduled_for: '2027-02-02T10:00:00Z',
        platforms: ['threads'],
      });
      expect(notConnected.status).toBe(400);
      const after = await call<{ count: number }>('GET', '/customer/post', owner);
      expect(after.json.data.count).toBe(before.json.data.count);
    });

    it('lists each post with when it next goes out: its earliest waiting occurrence', async () => {
      const scheduled = await createPostWithTime({
        scheduled_for: '2027-02-05T10:00:00Z',
        platforms: ['twitter'],
      });
      const draft = await createPostWithTime({});
      const earlier = await call('POST', '/schedules', owner, {
        social_account_type: ['twitter'],
        post_id: scheduled.json.data.id,
        schedule_date: '2027-02-04T09:30:00Z',
      });
      expect(earlier.status).toBe(201);
      const listed = await call<{ rows: { id: string; next_scheduled_at: string | null }[] }>(
        'GET',
        `/customer/post?company_id=${companyId}&pageSize=100`,
        owner,
      );
      const rowOf = (id: string) => listed.json.data.rows.find((row) => row.id === id);
      expect(rowOf(scheduled.json.data.id)?.next_scheduled_at).toBe('2027-02-04T09:30:00.000Z');
      expect(rowOf(draft.json.data.id)?.next_scheduled_at).toBeNull();
      // Leave the shared account as the other tests expect it.
      for (const id of [scheduled.json.data.id, draft.json.data.id]) {
        expect((await call('DELETE', `/customer/post/${id}`, owner)).status).toBe(200);
      }
    });

    it('schedules an edited post when a time is newly set, once', async () => {
      const created = await createPostWithTime({ platforms: ['twitter'] });
      expect(created.json.data.has_schedules).toBe(false);
      const id = created.json.data.id;
      const edit = (at: string) =>
        call<{ has_schedules: boolean }>('PATCH', `/customer/post/${id}`, owner, {
          scheduled_for: at,
        });
      expect((await edit('2027-03-03T10:00:00Z')).json.data.has_schedules).toBe(true);
      // It already waits to go out: a new time is the Scheduling page's business.
      expect((await edit('2027-03-04T10:00:00Z')).status).toBe(200);
      const rows = await instancesOfPost(id);
      expect(rows).toHaveLength(1);
    });
  });

  describe("a repeat's end (the shared schema's rule, as the Schedule dialog checks it)", () => {
    it('refuses the very instant of the start, with its code', async () => {
      const response = await schedule({
        schedule_date: '2027-08-01T09:00:00Z',
        repeat_type: 'daily',
        repeat_until: '2027-08-01T09:00:00Z',
      });
      expect(response.status).toBe(400);
      expect(response.json.code).toBe('REPEAT_UNTIL_BEFORE_START');
      expect(response.json.message).toBe(SCHEDULE_MESSAGES.repeatUntilBeforeStart);
    });

    it("takes the start's own day and one millisecond after the start: one occurrence", async () => {
      for (const until of ['2027-08-02T23:59:59.999Z', '2027-08-02T09:00:00.001Z']) {
        const response = await schedule({
          schedule_date: '2027-08-02T09:00:00Z',
          repeat_type: 'daily',
          repeat_until: until,
          timezone: 'UTC',
        });
        expect(response.status, response.body).toBe(201);
        expect(response.json.data.instances.map((row) => row.scheduled_for)).toEqual([
          '2027-08-02T09:00:00.000Z',
        ]);
      }
    });
  });
});
