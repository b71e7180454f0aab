import {
  QUEUE_MESSAGES,
  SCHEDULE_MESSAGES,
  ScheduleCreatedSchema,
  type NetworkId,
  type Queue,
  type QueueSlot,
  type ScheduledInstance,
} from '@cadence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  createTestClock,
  createVerifiedAccount,
  setTierByCommand,
  signIn,
  type TestApp,
} from './helpers/test-app.js';

type Slot = Omit<QueueSlot, 'networks'> & { networks?: NetworkId[] | null };
const slot = (weekday: number, time: string, networks: NetworkId[] | null = null): Slot => ({
  weekday,
  time,
  networks,
});

// Wednesday 25 February 2026, noon UTC: New York changes on 8 March and 1 November, London
// on 29 March and 25 October.
const START = new Date('2026-02-25T12:00:00Z');

describe.each(engines)('the posting queue on %s', (engine) => {
  let fakes: NetworkFakes;
  let t: TestApp;
  let owner: string;
  let stranger: string;
  let companyId: string;
  let otherCompanyId: string;

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, { env: fakes.env, clock: createTestClock(START) });
    owner = await createVerifiedAccount(t, { email: 'owner@example.com' });
    stranger = await createVerifiedAccount(t, { email: 'stranger@example.com' });
    await setTierByCommand(t, 'owner@example.com', 'enterprise');
    companyId = await createCompany(t, owner, 'Acme');
    otherCompanyId = await createCompany(t, owner, 'Beta');
    await connectNetworks(t, fakes, owner, companyId, ['twitter', 'bluesky']);
    await connectNetworks(t, fakes, owner, otherCompanyId, ['twitter']);
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
  const getQueue = (id = companyId, token = owner) =>
    call<Queue>('GET', `/customer/company/${id}/queue`, token);
  const putQueue = (body: object, id = companyId, token = owner) =>
    call<Queue>('PUT', `/customer/company/${id}/queue`, token, body);
  const setSlots = async (timezone: string, slots: Slot[], id = companyId) => {
    const response = await putQueue({ timezone, slots }, id);
    expect(response.status, response.body).toBe(200);
    return response.json.data;
  };
  const newPost = async (content: string, entity: string | null = companyId) =>
    (await createPost(t, { email: 'owner@example.com', companyId: entity, content })).id;
  const addToQueue = (postId: string, networks: NetworkId[], token = owner) =>
    call<{ id: string; instances: ScheduledInstance[] }>(
      'POST',
      `/customer/post/${postId}/queue`,
      token,
      { networks },
    );
  /** Queues a new post and answers the instant it was given. */
  const queued = async (networks: NetworkId[], entity = companyId) => {
    const response = await addToQueue(await newPost('Queued', entity), networks);
    expect(response.status, response.body).toBe(201);
    return response.json.data.instances[0]?.scheduled_for;
  };
  /** Clears what earlier tests scheduled, so each starts from an empty calendar. */
  const clearSchedules = async () => {
    const list = await call<{ rows: Array<{ id: string }> }>(
      'GET',
      '/schedules?pageSize=100',
      owner,
    );
    const ids = list.json.data.rows.map((row) => row.id);
    if (ids.length > 0) {
      const removed = await call('POST', '/schedules/bulk-delete', owner, { ids });
      expect(removed.status).toBe(200);
    }
  };

  describe('the queue of an entity', () => {
    it("starts empty in the owner's saved zone", async () => {
      const response = await getQueue();
      expect(response.status).toBe(200);
      expect(response.json.data).toEqual({ timezone: 'America/New_York', slots: [], next: [] });
    });

    it.each([
      [
        { timezone: 'Mars/Olympus', slots: [] },
        'Choose a time zone from the list',
        'UNKNOWN_TIME_ZONE',
      ],
      [
        { timezone: 'UTC', slots: [slot(7, '09:00')] },
        QUEUE_MESSAGES.badWeekday,
        'VALIDATION_FAILED',
      ],
      [
        { timezone: 'UTC', slots: [slot(-1, '09:00')] },
        QUEUE_MESSAGES.badWeekday,
        'VALIDATION_FAILED',
      ],
      [{ timezone: 'UTC', slots: [slot(1, '25:00')] }, QUEUE_MESSAGES.badTime, 'VALIDATION_FAILED'],
      [{ timezone: 'UTC', slots: [slot(1, '9am')] }, QUEUE_MESSAGES.badTime, 'VALIDATION_FAILED'],
      [{ timezone: 'UTC', slots: [{ weekday: 1 }] }, QUEUE_MESSAGES.badTime, 'VALIDATION_FAILED'],
      [{ slots: [] }, 'Choose a time zone from the list', 'VALIDATION_FAILED'],
    ])('refuses %j with 400 and the field message', async (body, message, code) => {
      const response = await putQueue(body);
      expect(response.status, response.body).toBe(400);
      expect(response.json.message).toBe(message);
      expect(response.json.code).toBe(code);
      expect((await getQueue()).json.data.slots).toEqual([]);
    });

    it('merges duplicate slots and keeps them sorted', async () => {
      const saved = await setSlots('Europe/London', [
        slot(3, '09:00', ['twitter']),
        slot(1, '17:30'),
        slot(3, '09:00', ['bluesky']),
        { weekday: 1, time: '17:30' },
        slot(1, '08:00', ['twitter']),
        slot(1, '08:00'),
      ]);
      const expected = [
        slot(1, '08:00'),
        slot(1, '17:30'),
        slot(3, '09:00', ['twitter', 'bluesky']),
      ];
      expect(saved.slots).toEqual(expected);
      expect(saved.timezone).toBe('Europe/London');
      const read = (await getQueue()).json.data;
      expect(read.slots).toEqual(expected);
      expect(read.next).toHaveLength(10);
      // Monday 2 March 2026, 08:00 and 17:30 GMT, then Wednesday 4 March (25 February's
      // 09:00 has gone by noon).
      expect(read.next.slice(0, 3)).toEqual([
        '2026-03-02T08:00:00.000Z',
        '2026-03-02T17:30:00.000Z',
        '2026-03-04T09:00:00.000Z',
      ]);
    });

    it("is the owner's alone: another customer gets 404 and changes nothing", async () => {
      await setSlots('UTC', [slot(1, '10:00')]);
      expect((await getQueue(companyId, stranger)).status).toBe(404);
      const put = await putQueue({ timezone: 'UTC', slots: [] }, companyId, stranger);
      expect(put.status).toBe(404);
      expect(put.json.code).toBe('COMPANY_NOT_FOUND');
      expect((await getQueue()).json.data.slots).toEqual([slot(1, '10:00')]);
      expect((await getQueue('not-a-uuid')).status).toBe(404);
      const post = await newPost('Mine');
      const foreign = await addToQueue(post, ['twitter'], stranger);
      expect(foreign.status).toBe(404);
      expect(foreign.json.code).toBe('POST_NOT_FOUND');
      // The other entity's queue is its own: still empty, in the saved zone.
      expect((await getQueue(otherCompanyId)).json.data).toEqual({
        timezone: 'America/New_York',
        slots: [],
        next: [],
      });
    });
  });

  describe('wall-clock slots across daylight saving changes', () => {
    it('keeps 09:00 in New York the week before and after spring forward', async () => {
      const { next } = await setSlots('America/New_York', [slot(0, '09:00')]);
      // 1 March EST (UTC-5), 8 March (the change day) and 15 March EDT (UTC-4).
      expect(next.slice(0, 3)).toEqual([
        '2026-03-01T14:00:00.000Z',
        '2026-03-08T13:00:00.000Z',
        '2026-03-15T13:00:00.000Z',
      ]);
    });

    it('keeps 09:00 in London the week before and after spring forward', async () => {
      const { next } = await setSlots('Europe/London', [slot(0, '09:00')]);
      expect(next.slice(3, 6)).toEqual([
        '2026-03-22T09:00:00.000Z',
        '2026-03-29T08:00:00.000Z',
        '2026-04-05T08:00:00.000Z',
      ]);
    });

    it('puts a 02:30 slot on the spring-forward day where a daily repeat puts 02:30', async () => {
      const { next } = await setSlots('America/New_York', [slot(0, '02:30')]);
      // 02:30 does not exist on 8 March in New York: 03:30 EDT, as the recurrences say.
      expect(next.slice(0, 3)).toEqual([
        '2026-03-01T07:30:00.000Z',
        '2026-03-08T07:30:00.000Z',
        '2026-03-15T06:30:00.000Z',
      ]);
      const repeat = await call<{ instances: ScheduledInstance[] }>('POST', '/schedules', owner, {
        social_account_type: ['twitter'],
        post_id: await newPost('Daily at 02:30', otherCompanyId),
        schedule_date: '2026-03-07T02:30:00-05:00',
        repeat_type: 'daily',
        repeat_until: '2026-03-08T23:59:00-04:00',
        timezone: 'America/New_York',
      });
      expect(repeat.status, repeat.body).toBe(201);
      expect(repeat.json.data.instances.map((instance) => instance.scheduled_for)).toEqual([
        '2026-03-07T07:30:00.000Z',
        next[1],
      ]);
      await clearSchedules();
    });

    it('places a post at the New York slot after the change at 09:00 local', async () => {
      await setSlots('America/New_York', [slot(0, '09:00')]);
      expect(await queued(['twitter'])).toBe('2026-03-01T14:00:00.000Z');
      expect(await queued(['twitter'])).toBe('2026-03-08T13:00:00.000Z');
      expect(await queued(['twitter'])).toBe('2026-03-15T13:00:00.000Z');
      await clearSchedules();
    });
  });

  describe('adding a post to the queue', () => {
    it('schedules at the next slot with the schedule route’s answer', async () => {
      await setSlots('America/New_York', [slot(4, '10:00'), slot(5, '09:00')]);
      const postId = await newPost('First in line');
      const response = await addToQueue(postId, ['twitter', 'bluesky']);
      expect(response.status, response.body).toBe(201);
      expect(ScheduleCreatedSchema.parse(response.json)).toBeTruthy();
      expect(response.json.message).toBe(QUEUE_MESSAGES.added);
      const [instance] = response.json.data.instances;
      // Thursday 26 February 2026, 10:00 EST.
      expect(instance?.scheduled_for).toBe('2026-02-26T15:00:00.000Z');
      expect(instance?.post.id).toBe(postId);
      expect(instance?.schedule_data.map((row) => [row.network, row.status]).sort()).toEqual([
        ['bluesky', 'pending'],
        ['twitter', 'pending'],
      ]);
      await clearSchedules();
    });

    it('skips a slot held by another pending publication of the entity on that network', async () => {
      await setSlots('UTC', [slot(4, '10:00'), slot(5, '10:00'), slot(6, '10:00')]);
      // Thursday 26 February is taken by hand (the schedule route), for X only.
      const manual = await call('POST', '/schedules', owner, {
        social_account_type: ['twitter'],
        post_id: await newPost('By hand'),
        schedule_date: '2026-02-26T10:00:00Z',
      });
      expect(manual.status, manual.body).toBe(201);
      expect(await queued(['twitter'])).toBe('2026-02-27T10:00:00.000Z');
      // Bluesky's Thursday is still open; X and Bluesky together need both free: Saturday.
      expect(await queued(['bluesky'])).toBe('2026-02-26T10:00:00.000Z');
      expect(await queued(['twitter', 'bluesky'])).toBe('2026-02-28T10:00:00.000Z');
      // Another entity's posts hold nothing here, and this entity's hold nothing there.
      await setSlots('UTC', [slot(4, '10:00')], otherCompanyId);
      expect(await queued(['twitter'], otherCompanyId)).toBe('2026-02-26T10:00:00.000Z');
      await clearSchedules();
      expect(await queued(['twitter'])).toBe('2026-02-26T10:00:00.000Z');
      await clearSchedules();
    });

    it('uses a slot limited to some networks only for those networks', async () => {
      await setSlots('UTC', [slot(4, '10:00', ['bluesky']), slot(5, '10:00')]);
      expect(await queued(['twitter'])).toBe('2026-02-27T10:00:00.000Z');
      expect(await queued(['bluesky'])).toBe('2026-02-26T10:00:00.000Z');
      // Both networks: the Bluesky-only Thursday does not serve X.
      expect(await queued(['twitter', 'bluesky'])).toBe('2026-03-06T10:00:00.000Z');
      await clearSchedules();
    });

    it('answers 422 NO_OPEN_SLOT when no slot is open in the next 90 days', async () => {
      const postId = await newPost('Nowhere to go');
      await setSlots('UTC', []);
      const empty = await addToQueue(postId, ['twitter']);
      expect(empty.status).toBe(422);
      expect(empty.json.code).toBe('NO_OPEN_SLOT');
      expect(empty.json.message).toBe('No open slot in the next 90 days: add slots to the queue');
      // Slots for other networks only do not help.
      await setSlots('UTC', [slot(1, '10:00', ['bluesky'])]);
      expect((await addToQueue(postId, ['twitter'])).json.code).toBe('NO_OPEN_SLOT');
      // One slot a week, every one taken: 13 Thursdays in 90 days, then none.
      await setSlots('UTC', [slot(4, '10:00')]);
      for (let week = 0; week < 13; week++) await queued(['twitter']);
      const full = await addToQueue(postId, ['twitter']);
      expect(full.status).toBe(422);
      expect(full.json.code).toBe('NO_OPEN_SLOT');
      const list = await call<{ rows: unknown[] }>('GET', `/schedules?post_id=${postId}`, owner);
      expect(list.json.data.rows).toEqual([]);
      await clearSchedules();
    });

    it('applies the schedule rules once: networks, entity, validation', async () => {
      await setSlots('UTC', [slot(4, '10:00')]);
      const postId = await newPost('Rules');
      const notConnected = await addToQueue(postId, ['linkedIn']);
      expect(notConnected.status).toBe(400);
      expect(notConnected.json.message).toBe(SCHEDULE_MESSAGES.networkNotConnected('LinkedIn'));
      const none = await addToQueue(postId, []);
      expect(none.status).toBe(400);
      expect(none.json.message).toBe(SCHEDULE_MESSAGES.selectPlatform);
      const orphan = await addToQueue(await newPost('No entity', null), ['twitter']);
      expect(orphan.status).toBe(400);
      expect(orphan.json.message).toBe(SCHEDULE_MESSAGES.postHasNoEntity);
      await setTierByCommand(t, 'owner@example.com', 'free');
      const offPlan = await addToQueue(postId, ['bluesky']);
      await setTierByCommand(t, 'owner@example.com', 'enterprise');
      expect(offPlan.status).toBe(403);
      expect(offPlan.json.code).toBe('NETWORK_NOT_ON_PLAN');
      expect((await addToQueue(await newPost('Missing'), ['twitter'])).status).toBe(201);
      const missing = await addToQueue('00000000-0000-4000-8000-000000000000', ['twitter']);
      expect(missing.status).toBe(404);
      await clearSchedules();
    });

    it('gives posts queued at the same moment one slot each', async () => {
      await setSlots('UTC', [slot(4, '10:00'), slot(5, '10:00'), slot(6, '10:00')]);
      const posts = await Promise.all(
        Array.from({ length: 6 }, (_, index) => newPost(`Together ${index}`)),
      );
      const answers = await Promise.all(posts.map((postId) => addToQueue(postId, ['twitter'])));
      for (const answer of answers) expect(answer.status, answer.body).toBe(201);
      const times = answers.map((answer) => answer.json.data.instances[0]?.scheduled_for).sort();
      expect(times).toEqual([
        '2026-02-26T10:00:00.000Z',
        '2026-02-27T10:00:00.000Z',
        '2026-02-28T10:00:00.000Z',
        '2026-03-05T10:00:00.000Z',
        '2026-03-06T10:00:00.000Z',
        '2026-03-07T10:00:00.000Z',
      ]);
      await clearSchedules();
    });
  });

  describe('in the autumn', () => {
    it('keeps 09:00 in New York and London the week before and after falling back', async () => {
      // To Wednesday 14 October 2026, noon UTC.
      t.clock.advance((Date.parse('2026-10-14T12:00:00Z') - START.getTime()) / 1000);
      owner = await signIn(t, 'owner@example.com', 'correct horse battery');
      const london = await setSlots('Europe/London', [slot(0, '09:00')]);
      expect(london.next.slice(0, 3)).toEqual([
        '2026-10-18T08:00:00.000Z',
        '2026-10-25T09:00:00.000Z',
        '2026-11-01T09:00:00.000Z',
      ]);
      const newYork = await setSlots('America/New_York', [slot(0, '09:00')]);
      expect(newYork.next.slice(1, 4)).toEqual([
        '2026-10-25T13:00:00.000Z',
        '2026-11-01T14:00:00.000Z',
        '2026-11-08T14:00:00.000Z',
      ]);
      expect(await queued(['twitter'])).toBe('2026-10-18T13:00:00.000Z');
      expect(await queued(['twitter'])).toBe('2026-10-25T13:00:00.000Z');
      expect(await queued(['twitter'])).toBe('2026-11-01T14:00:00.000Z');
    });
  });
});
