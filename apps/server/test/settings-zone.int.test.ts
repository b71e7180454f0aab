import type { CalendarDay, ScheduledInstance, UserSettings } from '@cadence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
} from './helpers/test-app.js';

describe.each(engines)('the saved zone and the daylight-saving option on %s', (engine) => {
  let fakes: NetworkFakes;
  let t: TestApp;
  let owner: string;
  let stranger: string;
  let postId: string;

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, { env: fakes.env });
    owner = await createVerifiedAccount(t, { email: 'zone-owner@example.com' });
    stranger = await createVerifiedAccount(t, { email: 'zone-stranger@example.com' });
    await setTierByCommand(t, 'zone-owner@example.com', 'enterprise');
    const companyId = await createCompany(t, owner);
    await connectNetworks(t, fakes, owner, companyId, ['twitter']);
    postId = (await createPost(t, { email: 'zone-owner@example.com', companyId, content: 'Zoned' }))
      .id;
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const call = <T = unknown>(method: Method, url: string, token: string, body?: object) =>
    apiCall<T>(t.app, method, url, token, body);
  const saveZone = (timezone: string, auto_dst: boolean, token = owner) =>
    call<UserSettings>('PUT', '/customer/settings', token, { timezone, auto_dst });

  it('saves a zone, reads it back, refuses an unknown one, and keeps it per account', async () => {
    expect((await call<UserSettings>('GET', '/customer/settings', owner)).json.data).toEqual({
      timezone: null,
      auto_dst: true,
    });
    const bad = await saveZone('Mars/Olympus_Mons', true);
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('Choose a time zone from the list');
    expect(bad.json.code).toBe('UNKNOWN_TIME_ZONE');
    const saved = await saveZone('Asia/Tokyo', true);
    expect(saved.status).toBe(200);
    expect(saved.json.message).toBe('Timezone settings saved successfully');
    expect((await call<UserSettings>('GET', '/customer/settings', owner)).json.data).toEqual({
      timezone: 'Asia/Tokyo',
      auto_dst: true,
    });
    expect((await call<UserSettings>('GET', '/customer/settings', stranger)).json.data).toEqual({
      timezone: null,
      auto_dst: true,
    });
  });

  it('counts calendar days in the saved zone when the page names none', async () => {
    await saveZone('UTC', true);
    const created = await call('POST', '/schedules', owner, {
      social_account_type: ['twitter'],
      post_id: postId,
      schedule_date: '2027-04-10T20:00:00Z',
    });
    expect(created.status, created.body).toBe(201);
    const range = 'from=2027-04-01T00:00:00Z&to=2027-05-01T00:00:00Z';
    const days = async () =>
      (await call<{ days: CalendarDay[] }>('GET', `/schedules/calendar?${range}`, owner)).json.data
        .days;
    expect((await days()).map((day) => day.date)).toEqual(['2027-04-10']);
    await saveZone('Asia/Tokyo', true);
    // 20:00 UTC is 05:00 the next morning in Tokyo: the post keeps its moment, its day moves.
    expect((await days()).map((day) => day.date)).toEqual(['2027-04-11']);
  });

  it('repeats at the same wall-clock time with the option on, a fixed 24 h with it off', async () => {
    const repeat = async () => {
      const created = await call<{ instances: ScheduledInstance[] }>('POST', '/schedules', owner, {
        social_account_type: ['twitter'],
        post_id: postId,
        schedule_date: '2027-03-27T08:00:00Z', // 09:00 in Berlin, the day before DST starts
        repeat_type: 'daily',
        repeat_until: '2027-03-29T12:00:00Z',
        timezone: 'Europe/Berlin',
      });
      expect(created.status, created.body).toBe(201);
      return created.json.data.instances.map((instance) => instance.scheduled_for);
    };
    await saveZone('Europe/Berlin', true);
    expect(await repeat()).toEqual([
      '2027-03-27T08:00:00.000Z',
      '2027-03-28T07:00:00.000Z',
      '2027-03-29T07:00:00.000Z',
    ]);
    await saveZone('Europe/Berlin', false);
    expect(await repeat()).toEqual([
      '2027-03-27T08:00:00.000Z',
      '2027-03-28T08:00:00.000Z',
      '2027-03-29T08:00:00.000Z',
    ]);
  });
});
