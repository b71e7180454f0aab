import { formatReconnectDate, type CompanyList, type ScheduledInstance } from '@cadence/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationEvents, publications, socialConnections } from '../src/db/schema.js';
import { apiCall } from './helpers/api.js';
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
  signIn,
  type TestApp,
  setTierByCommand,
  accountIdOf,
} from './helpers/test-app.js';

const PUBLIC_URL = 'http://cadence.example.test';
const DAY = 24 * 3600;
const ZONE = 'America/New_York';
const EMAIL = 'owner@example.com';
const PASSWORD = 'correct horse battery';
type OAuthNetwork = 'threads' | 'instagram' | 'linkedIn' | 'twitter';

/**
 * Connections that stay alive (decision 092): the token sweep refreshes what the network lets it
 * refresh, warns 7 days and 1 day ahead of what only a reconnect renews, and a post never
 * goes out with a token known to be expired (one reconnect mail, however many posts).
 */
describe.each(engines)('connections that stay alive on %s', (engine) => {
  let fakes: NetworkFakes;
  let t: TestApp;
  let owner: string;
  let ownerId: string;
  let sequence = 0;

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, {
      env: { ...fakes.env, ...fakes.oauthEnv, PUBLIC_URL, PUBLISH_RETRY_BASE_MS: '10' },
    });
    owner = await createVerifiedAccount(t, { email: EMAIL, password: PASSWORD });
    await setTierByCommand(t, EMAIL, 'enterprise');
    ownerId = await accountIdOf(t, EMAIL);
    const zone = await apiCall(t.app, 'PUT', '/customer/settings', owner, {
      timezone: ZONE,
      auto_dst: true,
    });
    expect(zone.status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  function db() {
    return t.infra.database.db;
  }

  /** The clock moves by days here: a fresh session token now and then. */
  async function freshToken() {
    owner = await signIn(t, EMAIL, PASSWORD);
    return owner;
  }

  /** One-click connect through the fake's consent page, as a browser would. */
  async function connectOAuth(network: OAuthNetwork, companyId: string) {
    const started = await apiCall(t.app, 'POST', `/social-accounts/oauth/${network}/start`, owner, {
      company_id: companyId,
    });
    expect(started.status).toBe(200);
    const page = await fetch((started.json.data as { authorize_url: string }).authorize_url);
    const href = /id="authorize" href="([^"]+)"/.exec(await page.text())?.[1];
    const back = new URL(href!.replace(/&amp;/g, '&'));
    // The same browser comes back, with the cookie the start gave it.
    const binding = String(started.headers['set-cookie']).split(';')[0]!;
    const landing = await t.app.inject({
      method: 'GET',
      url: `${back.pathname}${back.search}`,
      headers: { cookie: binding },
    });
    expect(String(landing.headers.location)).toContain('connected=1');
  }

  const connectionOf = async (companyId: string, network: string) =>
    (
      await db()
        .select()
        .from(socialConnections)
        .where(
          and(
            eq(socialConnections.companyId, companyId),
            eq(socialConnections.network, network as 'facebook'),
          ),
        )
    )[0]!;

  const eventsOf = async (companyId: string) =>
    db()
      .select()
      .from(notificationEvents)
      .where(
        and(eq(notificationEvents.userId, ownerId), eq(notificationEvents.companyId, companyId)),
      );

  async function schedule(companyId: string, network: string, at: Date) {
    const post = await createPost(t, {
      email: EMAIL,
      companyId,
      content: `Expiry post ${++sequence} ${engine}`,
    });
    const response = await apiCall(t.app, 'POST', '/schedules', owner, {
      social_account_type: [network],
      post_id: post.id,
      schedule_date: at.toISOString(),
    });
    expect(response.status).toBe(201);
    return (response.json.data as unknown as { instances: ScheduledInstance[] }).instances[0]!.id;
  }

  it('the sweep refreshes a Threads and a LinkedIn token close to expiry, never Instagram', async () => {
    const companyId = await createCompany(t, owner, 'Alive');
    await connectOAuth('threads', companyId);
    await connectOAuth('instagram', companyId);
    await connectOAuth('linkedIn', companyId);
    await connectOAuth('twitter', companyId);
    const threads = await connectionOf(companyId, 'threads');
    expect(threads.tokenRenewable).toBe(true);
    // Facebook Login's long-lived user token: only a new login renews it.
    const instagram = await connectionOf(companyId, 'instagram');
    expect(instagram.tokenRenewable).toBe(false);
    for (const row of [threads, instagram]) {
      expect(row.tokenExpiresAt?.getTime()).toBe(t.clock().getTime() + 60 * DAY * 1000);
    }
    const instagramExpiry = instagram.tokenExpiresAt!;
    const before = {
      threads: fakes.threads.oauth.stats.refreshes,
      instagram: fakes.instagram.oauth.stats.refreshes,
      linkedIn: fakes.linkedIn.oauth.stats.refreshes,
      x: fakes.twitter.oauth.stats.refreshes,
    };
    // Nothing to do while the expiry is far away.
    expect((await t.container.jobs.sweepTokens()).refreshed).toBe(0);
    expect(fakes.threads.oauth.stats.refreshes).toBe(before.threads);
    // X's token expires in two hours, but it is renewed when a post needs it.
    expect(fakes.twitter.oauth.stats.refreshes).toBe(before.x);

    t.clock.advance(55 * DAY);
    const result = await t.container.jobs.sweepTokens();
    expect(result.refreshed).toBeGreaterThanOrEqual(2);
    expect(fakes.threads.oauth.stats.refreshes).toBe(before.threads + 1);
    // LinkedIn's 60-day token with its refresh token too; X's two-hour tokens are renewed
    // when a post needs them, never by the sweep.
    expect(fakes.linkedIn.oauth.stats.refreshes).toBe(before.linkedIn + 1);
    expect(fakes.twitter.oauth.stats.refreshes).toBe(before.x);
    for (const network of ['threads', 'linkedIn']) {
      const row = await connectionOf(companyId, network);
      expect(row.tokenExpiresAt?.getTime()).toBe(t.clock().getTime() + 60 * DAY * 1000);
      expect(row.tokenRenewable).toBe(true);
    }
    // Instagram is not sent anywhere; its owner is told to reconnect before the date.
    expect(fakes.instagram.oauth.stats.refreshes).toBe(before.instagram);
    expect((await connectionOf(companyId, 'instagram')).tokenExpiresAt).toEqual(instagramExpiry);
    const warned = await eventsOf(companyId);
    expect(warned.map((event) => event.message)).toEqual([
      `Reconnect Instagram for Alive before ${formatReconnectDate(instagramExpiry, ZONE)}`,
    ]);
    // A second pass finds nothing expiring, so nothing is spent or said twice.
    await t.container.jobs.sweepTokens();
    expect(fakes.threads.oauth.stats.refreshes).toBe(before.threads + 1);
    expect(await eventsOf(companyId)).toHaveLength(1);
    // Renewed by the sweep: nothing to say on the Socials dialog but Instagram's date.
    const list = await apiCall<CompanyList>(t.app, 'GET', '/customer/company', await freshToken());
    const alive = list.json.data.rows.find((candidate) => candidate.id === companyId)!;
    expect(alive.social_credentials).toHaveLength(4);
    expect(
      alive.social_credentials
        .filter((entry) => entry.reconnect_before !== null)
        .map((entry) => entry.social_account.key),
    ).toEqual(['instagram']);
    // Out of the way of the next tests, whose sweeps must meet only their own connections.
    await db()
      .update(socialConnections)
      .set({ disconnectedAt: t.clock() })
      .where(eq(socialConnections.companyId, companyId));
  });

  it('a refused refresh leaves the token to the warnings', async () => {
    await freshToken();
    const companyId = await createCompany(t, owner, 'Refused');
    await connectOAuth('threads', companyId);
    t.clock.advance(54 * DAY);
    // Threads refuses every token it handed out, as it does for a revoked app.
    fakes.threads.oauth.expireAccessTokens();
    await t.container.jobs.sweepTokens();
    const row = await connectionOf(companyId, 'threads');
    expect(row.tokenRenewable).toBe(false);
    expect(row.needsReconnect).toBe(false); // still valid for six days, by our records
    const events = await eventsOf(companyId);
    expect(events.map((event) => event.kind)).toEqual(['connection_expiring']);
    expect(events[0]!.message).toBe(
      `Reconnect Threads for Refused before ${formatReconnectDate(row.tokenExpiresAt!, ZONE)}`,
    );
    await freshToken();
  });

  describe('a token only a reconnect renews (a Facebook Page token Meta dated)', () => {
    let companyId: string;
    let expiresAt: Date;

    it('stores the expiry debug_token answers and says it on the Socials dialog', async () => {
      await freshToken();
      companyId = await createCompany(t, owner, 'Dated');
      expiresAt = new Date(t.clock().getTime() + 30 * DAY * 1000);
      fakes.facebook.setTokenExpiry(fakes.facebook.validCredentials.pageAccessToken, expiresAt);
      const debugCalls = fakes.facebook.calls.debug_token ?? 0;
      await connectNetworks(t, fakes, owner, companyId, ['facebook']);
      expect(fakes.facebook.calls.debug_token).toBe(debugCalls + 1);
      const row = await connectionOf(companyId, 'facebook');
      expect(row.tokenExpiresAt?.getTime()).toBe(expiresAt.getTime());
      expect(row.tokenRenewable).toBe(false);

      const list = await apiCall<CompanyList>(t.app, 'GET', '/customer/company', owner);
      const company = list.json.data.rows.find((candidate) => candidate.id === companyId)!;
      expect(company.social_credentials[0]?.reconnect_before).toBe(expiresAt.toISOString());
    });

    it('the scheduled list says which networks expire before a schedule goes out', async () => {
      const early = await schedule(companyId, 'facebook', new Date(expiresAt.getTime() - 3600_000));
      const late = await schedule(companyId, 'facebook', new Date(expiresAt.getTime() + 3600_000));
      const list = await apiCall<{ rows: ScheduledInstance[] }>(
        t.app,
        'GET',
        '/schedules?pageSize=100',
        owner,
      );
      expect(list.status).toBe(200);
      const byId = new Map(list.json.data.rows.map((row) => [row.id, row]));
      expect(byId.get(early)?.schedule_data[0]?.reconnect_before).toBeNull();
      expect(byId.get(late)?.schedule_data[0]?.reconnect_before).toBe(expiresAt.toISOString());
      // Not needed by later tests.
      await apiCall(t.app, 'POST', '/schedules/bulk-delete', owner, { ids: [early, late] });
    });

    it('gets the 7-day and the 1-day warnings once each, however often the sweep runs', async () => {
      t.clock.advance(22 * DAY); // 8 days left: no warning yet
      await t.container.jobs.sweepTokens();
      expect(await eventsOf(companyId)).toHaveLength(0);

      t.clock.advance(2 * DAY); // 6 days left
      await t.container.jobs.sweepTokens();
      await t.container.jobs.sweepTokens();
      let events = await eventsOf(companyId);
      expect(events).toHaveLength(1);
      const message = `Reconnect Facebook for Dated before ${formatReconnectDate(expiresAt, ZONE)}`;
      expect(events[0]).toMatchObject({
        kind: 'connection_expiring',
        message,
        network: 'facebook',
      });
      // The date is the customer's wall clock, not UTC.
      expect(formatReconnectDate(expiresAt, ZONE)).not.toBe(formatReconnectDate(expiresAt, 'UTC'));

      const before = t.smtp.mailsTo(EMAIL).length;
      expect((await t.publisher.sendNotificationMail(ownerId)).mailed).toBeGreaterThanOrEqual(1);
      const mail = t.smtp.mailsTo(EMAIL)[before]!;
      const raw = mail.raw.replace(/=\r?\n/g, '');
      expect(raw).toContain('Reconnect Facebook for Dated before');
      expect(raw).toContain(`${PUBLIC_URL}/companies?socials=3D${companyId}`);

      t.clock.advance(5 * DAY + 12 * 3600); // 12 hours left
      await t.container.jobs.sweepTokens();
      await t.container.jobs.sweepTokens();
      events = await eventsOf(companyId);
      expect(events).toHaveLength(2);
      expect(events.every((event) => event.kind === 'connection_expiring')).toBe(true);
      const row = await connectionOf(companyId, 'facebook');
      expect(row.expiryWarnedDays).toBe(1);
      expect(row.expiryWarnedFor?.getTime()).toBe(expiresAt.getTime());
    });

    it('after the expiry a post fails at once, calls nothing, and the owner is mailed once', async () => {
      await freshToken();
      const due = [1, 2, 3].map((hours) => new Date(expiresAt.getTime() + hours * 3600_000));
      const instanceIds: string[] = [];
      for (const at of due) instanceIds.push(await schedule(companyId, 'facebook', at));
      t.clock.advance(4 * 3600 + 12 * 3600); // past the expiry and every post's time
      // Nothing mailed is still waiting (the 1-day warning went in its own mail).
      t.clock.advance(3600);
      await t.publisher.sendNotificationMail(ownerId);
      const calls = { ...fakes.facebook.calls };
      const posted = fakes.facebook.posts.length;
      for (const id of instanceIds) await t.publisher.publishInstance(id);
      for (const id of instanceIds) {
        const [publication] = await db()
          .select()
          .from(publications)
          .where(eq(publications.instanceId, id));
        expect(publication?.status).toBe('failed');
        expect(publication?.lastError).toBe('Reconnect Facebook for Dated');
      }
      expect(fakes.facebook.calls).toEqual(calls); // never attempted, not even a refresh
      expect(fakes.facebook.posts).toHaveLength(posted);
      expect((await connectionOf(companyId, 'facebook')).needsReconnect).toBe(true);

      const reconnects = (await eventsOf(companyId)).filter(
        (event) => event.kind === 'connection_reconnect',
      );
      expect(reconnects).toHaveLength(3); // each post is in the bell
      expect(reconnects.filter((event) => event.mailState === 'pending')).toHaveLength(1);
      const before = t.smtp.mailsTo(EMAIL).length;
      t.clock.advance(3600);
      expect(await t.publisher.sendNotificationMail(ownerId)).toEqual({ mailed: 1, held: 0 });
      const mails = t.smtp.mailsTo(EMAIL).slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Cadence: A connection needs reconnecting');

      // Another post hours later: in the bell, but no second mail.
      const later = await schedule(companyId, 'facebook', new Date(t.clock().getTime() + 60_000));
      t.clock.advance(2 * 3600);
      await t.publisher.publishInstance(later);
      expect(await t.publisher.sendNotificationMail(ownerId)).toEqual({ mailed: 0, held: 0 });
      expect(t.smtp.mailsTo(EMAIL).length).toBe(before + 1);

      // A reconnect starts over: the next expired token would be mailed again.
      fakes.facebook.setTokenExpiry(fakes.facebook.validCredentials.pageAccessToken, null);
      await connectNetworks(t, fakes, owner, companyId, ['facebook']);
      const row = await connectionOf(companyId, 'facebook');
      expect(row.needsReconnect).toBe(false);
      expect(row.tokenExpiresAt).toBeNull();
    });
  });
});
