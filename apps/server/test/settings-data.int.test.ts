import { existsSync } from 'node:fs';
import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  ACCOUNT_MESSAGES,
  LOGO_MESSAGES,
  UPLOAD_RATE_LIMIT,
  type NotificationEventList,
  type ScheduledInstance,
  type StorageUsage,
} from '@cadence/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  notificationEvents,
  socialConnections,
  subscriptionPlans,
  uploadedFiles,
  users,
} from '../src/db/schema.js';
import { engines, type Engine } from './helpers/databases.js';
import { makePng, multipartFile, SVG_LOGO } from './helpers/images.js';
import { multipartForm } from './helpers/media.js';
import {
  connectNetworks,
  connectionFields,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import { createPost } from './helpers/posts.js';
import {
  createTestApp,
  createVerifiedAccount,
  postJson,
  type TestApp,
  setTierByCommand,
  accountIdOf,
} from './helpers/test-app.js';

const PUBLIC_URL = 'http://cadence.example.test';
const PASSWORD = 'correct horse battery';

describe.each(engines)('notifications, uploads, export and deletion on %s', (engine: Engine) => {
  /** Posts this engine's run has published (each engine has its own database). */
  let sequence = 0;
  let t: TestApp;
  let fakes: NetworkFakes;
  let owner: string;
  let stranger: string;
  let companyId: string;
  let ownerId: string;

  const db = () => t.infra.database.db;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const call = async (
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    token: string,
    payload?: unknown,
  ) => {
    const response = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: auth(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    return {
      status: response.statusCode,
      body: response.body,
      headers: response.headers,
      json: String(response.headers['content-type']).includes('json')
        ? response.json<{ message: string; data: unknown }>()
        : undefined,
    };
  };
  const userIdOf = (email: string) => accountIdOf(t, email);

  /** Schedules a fresh post to X a minute ahead and runs its job then, as a worker would. */
  async function publishToX(email: string, token: string, company: string) {
    const post = await createPost(t, {
      email,
      companyId: company,
      content: `Post number ${++sequence} from Cadence`,
    });
    const response = await postJson(
      t.app,
      '/schedules',
      {
        social_account_type: ['twitter'],
        post_id: post.id,
        schedule_date: new Date(t.clock().getTime() + 60_000).toISOString(),
      },
      auth(token),
    );
    if (response.status !== 201) throw new Error(`schedule failed: ${response.body}`);
    const data = response.json.data as unknown as { instances: ScheduledInstance[] };
    t.clock.advance(61);
    await t.publisher.publishInstance(data.instances[0]!.id);
    return post.id;
  }

  async function uploadLogo(token: string, bytes: Buffer, name = 'logo.png', type = 'image/png') {
    const { payload, headers } = multipartFile('file', name, type, bytes);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/customer/company/logo',
      headers: { ...headers, ...auth(token) },
      payload,
    });
    return {
      status: response.statusCode,
      json: response.json<{ message: string; data: { logo_url: string } }>(),
    };
  }
  const fileOf = (url: string) => path.join(t.config.dataDir, url);

  /** Saves the profile with a new avatar; answers the status and the avatar's address. */
  async function uploadAvatar(token: string, bytes: Buffer) {
    const form = multipartForm([
      { name: 'name', value: 'Ava Tar' },
      { name: 'profile_image', filename: 'me.png', type: 'image/png', bytes },
    ]);
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/customer/update',
      headers: { ...form.headers, ...auth(token) },
      payload: form.payload,
    });
    const json = response.json<{ message: string; data: { profile_image: string | null } }>();
    return { status: response.statusCode, message: json.message, url: json.data?.profile_image };
  }

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, {
      env: { ...fakes.env, PUBLIC_URL, PUBLISH_RETRY_BASE_MS: '10' },
    });
    owner = await createVerifiedAccount(t, { email: 'owner@example.com' });
    stranger = await createVerifiedAccount(t, { email: 'stranger@example.com' });
    ownerId = await userIdOf('owner@example.com');
    await setTierByCommand(t, 'owner@example.com', 'enterprise');
    companyId = await createCompany(t, owner);
    await connectNetworks(t, fakes, owner, companyId, ['twitter']);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  describe('notification settings', () => {
    it('are all on by default, saved per account, and validated', async () => {
      const initial = await call('GET', '/customer/notifications', owner);
      expect(initial.status).toBe(200);
      expect(initial.json?.data).toEqual({
        email_publication_failures: true,
        email_reconnect: true,
        email_reviews: true,
      });
      const saved = await call('PUT', '/customer/notifications', stranger, {
        email_publication_failures: false,
        email_reconnect: true,
      });
      expect(saved.status).toBe(200);
      expect(saved.json?.message).toBe(ACCOUNT_MESSAGES.notificationsSaved);
      expect((await call('GET', '/customer/notifications', stranger)).json?.data).toEqual({
        email_publication_failures: false,
        email_reconnect: true,
        // Left out of a save: unchanged.
        email_reviews: true,
      });
      // The owner's stay untouched.
      expect((await call('GET', '/customer/notifications', owner)).json?.data).toEqual({
        email_publication_failures: true,
        email_reconnect: true,
        email_reviews: true,
      });
      const bad = await call('PUT', '/customer/notifications', owner, {
        email_publication_failures: 'yes',
        email_reconnect: true,
      });
      expect(bad.status).toBe(400);
      expect(bad.json?.message).toContain('email_publication_failures must be true or false');
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/customer/notifications' })).statusCode,
      ).toBe(401);
    });
  });

  describe('publication failures', () => {
    it('ten failures of one connection make one mail, then the connection waits an hour', async () => {
      fakes.twitter.failNext('invalid', 10);
      const postIds: string[] = [];
      for (let i = 0; i < 10; i++)
        postIds.push(await publishToX('owner@example.com', owner, companyId));
      const before = t.smtp.mailsTo('owner@example.com').length;

      const first = await t.publisher.sendNotificationMail(ownerId);
      expect(first).toEqual({ mailed: 10, held: 0 });
      const mails = t.smtp.mailsTo('owner@example.com').slice(before);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe('Cadence: 10 things need your attention');
      const raw = mails[0]!.raw.replace(/=\r?\n/g, '');
      expect(raw).toContain(`${PUBLIC_URL}/settings#post-logs`);
      expect(raw).toContain(`${PUBLIC_URL}/posts?post=3D${postIds[0]}`);

      // Another failure within the hour: recorded, but its mail waits.
      fakes.twitter.failNext('invalid', 1);
      await publishToX('owner@example.com', owner, companyId);
      expect(await t.publisher.sendNotificationMail(ownerId)).toEqual({ mailed: 0, held: 1 });
      expect(t.smtp.mailsTo('owner@example.com').length).toBe(before + 1);
      t.clock.advance(3600);
      expect(await t.publisher.sendNotificationMail(ownerId)).toEqual({ mailed: 1, held: 0 });
      expect(t.smtp.mailsTo('owner@example.com').length).toBe(before + 2);
      // Nothing is mailed twice.
      expect(await t.publisher.sendNotificationMail(ownerId)).toEqual({ mailed: 0, held: 0 });
    });

    it('a refused credential marks the connection and links to its Socials dialog', async () => {
      t.clock.advance(3600);
      fakes.twitter.failNext('unauthorized', 1);
      await publishToX('owner@example.com', owner, companyId);
      const before = t.smtp.mailsTo('owner@example.com').length;
      expect(await t.publisher.sendNotificationMail(ownerId)).toEqual({ mailed: 1, held: 0 });
      const mail = t.smtp.mailsTo('owner@example.com')[before]!;
      expect(mail.subject).toBe('Cadence: A connection needs reconnecting');
      expect(mail.raw.replace(/=\r?\n/g, '')).toContain(
        `${PUBLIC_URL}/companies?socials=3D${companyId}`,
      );
      // Reconnect, so later tests publish again.
      await connectNetworks(t, fakes, owner, companyId, ['twitter']);
    });

    it('an e-mail turned off records the event for the bell only', async () => {
      await call('PUT', '/customer/notifications', owner, {
        email_publication_failures: false,
        email_reconnect: true,
      });
      t.clock.advance(3600);
      fakes.twitter.failNext('invalid', 1);
      await publishToX('owner@example.com', owner, companyId);
      expect(await t.publisher.sendNotificationMail(ownerId)).toEqual({ mailed: 0, held: 0 });
      await call('PUT', '/customer/notifications', owner, {
        email_publication_failures: true,
        email_reconnect: true,
      });
    });

    it('lists events unread first with a count, paged, and marks them read', async () => {
      const page1 = await call('GET', '/customer/notifications/events?page_size=5', owner);
      expect(page1.status).toBe(200);
      const list = page1.json?.data as NotificationEventList;
      expect(list.total).toBe(13);
      expect(list.unread).toBe(13);
      expect(list.rows).toHaveLength(5);
      expect(list.rows[0]!.kind).toBe('publication_failed');
      expect(list.rows.some((row) => row.kind === 'connection_reconnect')).toBe(true);

      const read = await call('POST', '/customer/notifications/events/read', owner, {
        ids: [list.rows[0]!.id, list.rows[1]!.id],
      });
      expect(read.status).toBe(200);
      expect(read.json?.data).toEqual({ updated: 2, unread: 11 });
      const all = (await call('GET', '/customer/notifications/events?page_size=50', owner)).json
        ?.data as NotificationEventList;
      // Unread first: the two read ones come last.
      expect(all.rows.slice(-2).map((row) => row.is_read)).toEqual([true, true]);
      expect(all.rows.slice(0, 11).every((row) => !row.is_read)).toBe(true);

      // Another account can neither see nor mark them.
      const strangers = await call('GET', '/customer/notifications/events', stranger);
      expect((strangers.json?.data as NotificationEventList).total).toBe(0);
      const foreign = await call('POST', '/customer/notifications/events/read', stranger, {
        ids: [all.rows[0]!.id],
      });
      expect(foreign.json?.data).toEqual({ updated: 0, unread: 0 });

      const everything = await call('POST', '/customer/notifications/events/read', owner, {
        all: true,
      });
      expect(everything.json?.data).toEqual({ updated: 11, unread: 0 });

      for (const body of [{}, { ids: [] }, { ids: ['nope'] }, { all: false }]) {
        const bad = await call('POST', '/customer/notifications/events/read', owner, body);
        expect(bad.status).toBe(400);
      }
      const badPage = await call('GET', '/customer/notifications/events?page=0', owner);
      expect(badPage.status).toBe(400);
      expect(badPage.json?.message).toContain('page must be a whole number from 1');
    });
  });

  describe('uploads', () => {
    it('are counted against the plan allowance, shown in Your Data', async () => {
      const token = await createVerifiedAccount(t, { email: 'quota@example.com' });
      const [free] = await db()
        .select()
        .from(subscriptionPlans)
        .where(eq(subscriptionPlans.tier, 'free'));
      expect(free!.maxStorageBytes).toBe(200 * 1024 * 1024);
      const png = makePng(64, 64);
      expect((await uploadLogo(token, png)).status).toBe(201);
      const usage = (await call('GET', '/customer/storage', token)).json?.data as StorageUsage;
      expect(usage).toEqual({
        used_bytes: png.length,
        allowed_bytes: 200 * 1024 * 1024,
        plan_name: 'Free',
      });
      // An allowance of one and a half logos: the second upload is refused, and not kept.
      await db()
        .update(subscriptionPlans)
        .set({ maxStorageBytes: Math.floor(png.length * 1.5) })
        .where(eq(subscriptionPlans.tier, 'free'));
      try {
        const refused = await uploadLogo(token, png);
        expect(refused.status).toBe(413);
        expect(refused.json.message).toMatch(
          /exceed your storage allowance of .* on the Free plan/,
        );
        const quotaId = await userIdOf('quota@example.com');
        expect(
          await db().select().from(uploadedFiles).where(eq(uploadedFiles.userId, quotaId)),
        ).toHaveLength(1);
      } finally {
        await db()
          .update(subscriptionPlans)
          .set({ maxStorageBytes: free!.maxStorageBytes })
          .where(eq(subscriptionPlans.tier, 'free'));
      }
    });

    it('count avatars too: recorded, in the allowance, and a replaced one frees its bytes', async () => {
      const token = await createVerifiedAccount(t, { email: 'avatar-quota@example.com' });
      const userId = await userIdOf('avatar-quota@example.com');
      const rowsOf = () =>
        db().select().from(uploadedFiles).where(eq(uploadedFiles.userId, userId));
      const first = await uploadAvatar(token, makePng(80, 80));
      expect(first.status).toBe(200);
      const [row] = await rowsOf();
      expect(row).toMatchObject({
        kind: 'avatar',
        storageKey: first.url!.slice('/uploads/'.length),
      });
      const usage = (await call('GET', '/customer/storage', token)).json?.data as StorageUsage;
      expect(usage.used_bytes).toBe(row!.sizeBytes);
      expect(row!.sizeBytes).toBeGreaterThan(0);

      // A new avatar replaces the record and the file of the old one.
      const second = await uploadAvatar(token, makePng(90, 90));
      expect(second.status).toBe(200);
      expect(existsSync(fileOf(first.url!))).toBe(false);
      expect((await rowsOf()).map((r) => r.storageKey)).toEqual([
        second.url!.slice('/uploads/'.length),
      ]);

      // The sweep keeps an avatar in use, however old.
      t.clock.advance(2 * 3600);
      await t.publisher.sweepOrphanUploads();
      expect(existsSync(fileOf(second.url!))).toBe(true);

      // Over the allowance: refused, and the profile keeps its avatar.
      await db()
        .update(subscriptionPlans)
        .set({ maxStorageBytes: row!.sizeBytes })
        .where(eq(subscriptionPlans.tier, 'free'));
      try {
        const refused = await uploadAvatar(token, makePng(100, 100));
        expect(refused.status).toBe(413);
        expect(refused.message).toMatch(/exceed your storage allowance/);
        const profile = (await call('GET', '/customer', token)).json?.data as {
          profile_image: string;
        };
        expect(profile.profile_image).toBe(second.url);
        expect(await rowsOf()).toHaveLength(1);
      } finally {
        await db()
          .update(subscriptionPlans)
          .set({ maxStorageBytes: 200 * 1024 * 1024 })
          .where(eq(subscriptionPlans.tier, 'free'));
      }
    });

    it('are rate limited per account', async () => {
      const token = await createVerifiedAccount(t, { email: 'burst@example.com' });
      const png = makePng(32, 32);
      for (let i = 0; i < UPLOAD_RATE_LIMIT.max; i++) {
        expect((await uploadLogo(token, png)).status).toBe(201);
      }
      const refused = await uploadLogo(token, png);
      expect(refused.status).toBe(429);
      expect(refused.json.message).toMatch(
        /^Too many uploads\. Please try again in \d+ seconds?\.$/,
      );
      // Another account is not affected.
      expect((await uploadLogo(stranger, png)).status).toBe(201);
      t.clock.advance(UPLOAD_RATE_LIMIT.windowSeconds + 1);
      expect((await uploadLogo(token, png)).status).toBe(201);
    });

    it('the sweep deletes files nothing references after an hour and keeps the rest', async () => {
      const token = await createVerifiedAccount(t, { email: 'sweep@example.com' });
      const orphan = (await uploadLogo(token, makePng(40, 40))).json.data.logo_url;
      const used = (await uploadLogo(token, makePng(41, 41))).json.data.logo_url;
      await postJson(
        t.app,
        '/customer/company',
        { name: 'Swept', website: 'swept.example.com', logo_url: used },
        auth(token),
      );
      t.clock.advance(30 * 60);
      const young = (await uploadLogo(token, makePng(42, 42))).json.data.logo_url;
      t.clock.advance(31 * 60);
      await t.publisher.sweepOrphanUploads();
      expect(existsSync(fileOf(orphan))).toBe(false);
      expect(existsSync(fileOf(used))).toBe(true);
      expect(existsSync(fileOf(young))).toBe(true);
      const keys = (
        await db()
          .select({ key: uploadedFiles.storageKey })
          .from(uploadedFiles)
          .where(eq(uploadedFiles.userId, await userIdOf('sweep@example.com')))
      ).map((row) => `/uploads/${row.key}`);
      expect(keys.sort()).toEqual([used, young].sort());
    });

    it('a replaced logo is deleted at once', async () => {
      const token = await createVerifiedAccount(t, { email: 'replace@example.com' });
      const first = (await uploadLogo(token, makePng(40, 40))).json.data.logo_url;
      const created = await postJson(
        t.app,
        '/customer/company',
        { name: 'Logo Co', website: 'logo.example.com', logo_url: first },
        auth(token),
      );
      const id = (created.json.data as { id: string }).id;
      const second = (await uploadLogo(token, makePng(50, 50))).json.data.logo_url;
      const updated = await call('PUT', `/customer/company/${id}`, token, {
        name: 'Logo Co',
        website: 'logo.example.com',
        logo_url: second,
      });
      expect(updated.status).toBe(200);
      expect(existsSync(fileOf(first))).toBe(false);
      expect(existsSync(fileOf(second))).toBe(true);
      // Someone else's logo address is never deleted on their behalf.
      const foreign = (await uploadLogo(stranger, makePng(40, 40))).json.data.logo_url;
      await call('PUT', `/customer/company/${id}`, token, {
        name: 'Logo Co',
        website: 'logo.example.com',
        logo_url: foreign,
      });
      await call('PUT', `/customer/company/${id}`, token, {
        name: 'Logo Co',
        website: 'logo.example.com',
        logo_url: second,
      });
      expect(existsSync(fileOf(foreign))).toBe(true);
    });

    const hostileSvgs: Array<[string, string]> = [
      [
        'a script in the XHTML namespace',
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:h="http://www.w3.org/1999/xhtml" width="64" height="64"><h:script>alert(1)</h:script><circle cx="32" cy="32" r="30"/></svg>',
      ],
      [
        'an entity-encoded javascript: link',
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64"><a xlink:href="&#106;avascript:alert(1)"><circle cx="32" cy="32" r="30"/></a></svg>',
      ],
      [
        'a <set> that writes a javascript: link',
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><a href="#x"><set attributeName="href" to="javascript:alert(1)"/><circle cx="32" cy="32" r="30"/></a></svg>',
      ],
      [
        'an onload handler on a child',
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><g onload ="alert(1)"><circle cx="32" cy="32" r="30"/></g></svg>',
      ],
      [
        'a foreignObject',
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><foreignObject width="64" height="64"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject><circle cx="32" cy="32" r="30"/></svg>',
      ],
      [
        'an external image',
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><image href="https://evil.example/track.png" width="64" height="64"/><circle cx="32" cy="32" r="30"/></svg>',
      ],
      [
        'a data: URL',
        '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64"><image xlink:href="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+" width="64" height="64"/><circle cx="32" cy="32" r="30"/></svg>',
      ],
      [
        'a use of an external document',
        '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><use href="https://evil.example/sprite.svg#x"/><circle cx="32" cy="32" r="30"/></svg>',
      ],
    ];
    it.each(hostileSvgs)('an SVG with %s is refused or stored without it', async (_name, svg) => {
      const response = await uploadLogo(stranger, Buffer.from(svg), 'logo.svg', 'image/svg+xml');
      if (response.status === 400) {
        // Refused outright, for what it holds: nothing stored.
        expect(response.json.message).toBe(LOGO_MESSAGES.svgScript);
        return;
      }
      expect(response.status).toBe(201);
      const served = await t.app.inject({ method: 'GET', url: response.json.data.logo_url });
      const text = served.body.toLowerCase();
      expect(text).toContain('<circle');
      for (const banned of [
        'script',
        'javascript',
        '&#106;',
        'onload',
        'foreignobject',
        '<set',
        'evil.example',
        'data:',
      ]) {
        expect(text).not.toContain(banned);
      }
      t.clock.advance(UPLOAD_RATE_LIMIT.windowSeconds + 1);
    });

    it('a plain SVG keeps its drawing', async () => {
      const response = await uploadLogo(stranger, SVG_LOGO, 'logo.svg', 'image/svg+xml');
      expect(response.status).toBe(201);
      const served = await t.app.inject({ method: 'GET', url: response.json.data.logo_url });
      expect(served.body).toContain('<circle cx="32" cy="32" r="30" fill="#4f46e5">');
    });
  });

  describe('export', () => {
    it('downloads the account as JSON with no secret in it', async () => {
      const response = await call('GET', '/customer/export', owner);
      expect(response.status).toBe(200);
      expect(response.headers['content-disposition']).toMatch(
        /^attachment; filename="cadence-export-\d{4}-\d{2}-\d{2}\.json"$/,
      );
      const archive = JSON.parse(response.body) as Record<string, unknown> & {
        profile: { email: string };
        entities: Array<{ id: string; connections: Array<Record<string, unknown>> }>;
        posts: Array<{ id: string; content: string }>;
        schedules: unknown[];
        post_logs: unknown[];
        notifications: unknown[];
      };
      expect(archive.profile.email).toBe('owner@example.com');
      expect(archive.settings).toEqual({ timezone: null, auto_dst: true });
      expect(archive.entities.map((entity) => entity.id)).toEqual([companyId]);
      expect(archive.entities[0]!.connections[0]).toMatchObject({ network: 'twitter' });
      expect(archive.posts).toHaveLength(sequence);
      expect(archive.schedules).toHaveLength(sequence);
      expect(archive.post_logs.length).toBeGreaterThanOrEqual(sequence);
      expect(archive.notifications.length).toBe(13);

      // No sealed credentials, no network secrets, no password hash.
      const [connection] = await db()
        .select()
        .from(socialConnections)
        .where(eq(socialConnections.companyId, companyId));
      const [account] = await db().select().from(users).where(eq(users.id, ownerId));
      expect(response.body).not.toContain(connection!.credentialsEncrypted);
      expect(response.body).not.toContain(account!.passwordHash);
      for (const secret of Object.values(connectionFields(fakes, 'twitter'))) {
        expect(response.body).not.toContain(secret);
      }
      // No field of that kind at all (the word may appear in a log message).
      expect(response.body).not.toMatch(/"[a-z_]*(credential|password|secret|token)[a-z_]*":/i);

      // Only the owner's rows: the stranger's archive has none of them.
      const strangers = await call('GET', '/customer/export', stranger);
      const other = JSON.parse(strangers.body) as { entities: unknown[]; posts: unknown[] };
      expect(other.entities).toEqual([]);
      expect(other.posts).toEqual([]);
    });

    it('streams 100,000 posts in bounded memory', async () => {
      const token = await createVerifiedAccount(t, { email: 'prolific@example.com' });
      const userId = await userIdOf('prolific@example.com');
      const filler = 'x'.repeat(400);
      const insertStarted = Date.now();
      await db().execute(sql`
        insert into posts (user_id, content, created_at)
        select ${userId}, ${filler} || g::text, now() - (g || ' seconds')::interval
        from generate_series(1, 100000) g`);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      void address;
      const { port } = t.app.server.address() as AddressInfo;
      const insertMs = Date.now() - insertStarted;
      const exportStarted = Date.now();
      // Live memory, not garbage waiting for a collection: collect before each sample.
      v8.setFlagsFromString('--expose-gc');
      const gc = vm.runInNewContext('gc') as () => void;
      gc();
      const baseline = process.memoryUsage().heapUsed;
      let peak = baseline;
      let bytes = 0;
      let sampledAt = 0;
      await new Promise<void>((resolve, reject) => {
        http
          .get(
            { host: '127.0.0.1', port, path: '/api/customer/export', headers: auth(token) },
            (response) => {
              expect(response.statusCode).toBe(200);
              response.on('data', (chunk: Buffer) => {
                bytes += chunk.length;
                if (bytes - sampledAt < 4 * 1024 * 1024) return;
                sampledAt = bytes;
                gc();
                peak = Math.max(peak, process.memoryUsage().heapUsed);
              });
              response.on('end', resolve);
              response.on('error', reject);
            },
          )
          .on('error', reject);
      });
      const growthMb = (peak - baseline) / 1024 / 1024;
      console.info(
        `export of 100,000 posts on ${engine}: ${(bytes / 1024 / 1024).toFixed(1)} MB sent in ${Date.now() - exportStarted} ms (insert ${insertMs} ms), live heap grew at most ${growthMb.toFixed(1)} MB`,
      );
      // The archive is over 40 MB; holding it (string and buffers) would keep more than that
      // alive, while a stream keeps a few pages.
      expect(bytes).toBeGreaterThan(40 * 1024 * 1024);
      expect(growthMb).toBeLessThan(20);
    }, 600_000);
  });

  describe('account deletion', () => {
    it('asks for the password and the word DELETE', async () => {
      const wrong = await call('DELETE', '/customer', owner, {
        password: 'not my password',
        confirm: 'DELETE',
      });
      expect(wrong.status).toBe(400);
      expect(wrong.json?.message).toBe(ACCOUNT_MESSAGES.wrongPassword);
      const unconfirmed = await call('DELETE', '/customer', owner, {
        password: PASSWORD,
        confirm: 'delete',
      });
      expect(unconfirmed.status).toBe(400);
      expect(unconfirmed.json?.message).toContain('Type DELETE to confirm');
      const empty = await call('DELETE', '/customer', owner, { confirm: 'DELETE' });
      expect(empty.status).toBe(400);
      expect((await call('GET', '/customer/me', owner)).status).toBe(200);
    });

    it('refuses the last admin', async () => {
      await db().update(users).set({ isAdmin: true }).where(eq(users.id, ownerId));
      try {
        const refused = await call('DELETE', '/customer', owner, {
          password: PASSWORD,
          confirm: 'DELETE',
        });
        expect(refused.status).toBe(409);
        expect(refused.json?.message).toBe('Grant admin to someone else first');
      } finally {
        await db().update(users).set({ isAdmin: false }).where(eq(users.id, ownerId));
      }
    });

    it('removes every owned row and file and cancels pending jobs', async () => {
      // Something of each kind: a logo, media, a waiting schedule, logs, notifications.
      const logo = (await uploadLogo(owner, makePng(60, 60))).json.data.logo_url;
      await call('PUT', `/customer/company/${companyId}`, owner, {
        name: 'Acme',
        website: 'acme.example.com',
        logo_url: logo,
      });
      const withImage = await createPost(t, {
        email: 'owner@example.com',
        companyId,
        content: 'With a picture',
        withImage: true,
      });
      const scheduled = await postJson(
        t.app,
        '/schedules',
        {
          social_account_type: ['twitter'],
          post_id: withImage.id,
          schedule_date: new Date(t.clock().getTime() + 3600_000).toISOString(),
        },
        auth(owner),
      );
      expect(scheduled.status).toBe(201);
      const instance = (scheduled.json.data as unknown as { instances: ScheduledInstance[] })
        .instances[0]!;
      const [row] = await db()
        .execute(sql`select run_at from scheduled_instances where id = ${instance.id}`)
        .then((result) => (result as { rows: Array<{ run_at: string | null }> }).rows);
      // Waiting for its publish run (its own job, decision 130), until the account goes.
      expect(row!.run_at).toBeTruthy();
      await db().execute(
        sql`insert into ai_call_logs (user_id, platform, model, purpose, prompt, response_time_ms) values (${ownerId}, 'openai', 'gpt', 'post', 'hi', 5)`,
      );
      const strangerCompany = await createCompany(t, stranger, 'Stranger Co');
      const avatar = await uploadAvatar(owner, makePng(64, 64));
      expect(avatar.status).toBe(200);
      const exported = JSON.parse((await call('GET', '/customer/export', owner)).body) as {
        profile: { profile_image: string };
      };
      expect(exported.profile.profile_image).toBe(avatar.url);

      const deleted = await call('DELETE', '/customer', owner, {
        password: PASSWORD,
        confirm: 'DELETE',
      });
      expect(deleted.status).toBe(200);
      expect(deleted.json?.message).toBe(ACCOUNT_MESSAGES.accountDeleted);

      const owned = [
        'users where id',
        'companies where user_id',
        'posts where user_id',
        'schedules where user_id',
        'scheduled_instances where user_id',
        'system_logs where user_id',
        'ai_call_logs where user_id',
        'notification_events where user_id',
        'notification_settings where user_id',
        'uploaded_files where user_id',
        'post_usage where user_id',
        'short_links where user_id',
        'user_settings where user_id',
        'customer_subscriptions where user_id',
        'orders where user_id',
        'payment_customers where user_id',
      ];
      for (const from of owned) {
        const result = await db().execute(
          sql.raw(`select count(*)::int as n from ${from} = '${ownerId}'`),
        );
        expect([from, (result as { rows: Array<{ n: number }> }).rows[0]!.n]).toEqual([from, 0]);
      }
      expect(
        await db()
          .select()
          .from(socialConnections)
          .where(eq(socialConnections.companyId, companyId)),
      ).toEqual([]);
      expect(existsSync(fileOf(logo))).toBe(false);
      expect(existsSync(fileOf(avatar.url!))).toBe(false);
      expect(existsSync(fileOf(withImage.image!.mediaUrl))).toBe(false);
      // Its occurrences went with it, and so their publish runs.
      const runs = await db().execute(
        sql`select count(*)::int as n from scheduled_instances where id = ${instance.id}`,
      );
      expect((runs as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
      // Signed out: the token no longer works.
      expect((await call('GET', '/customer/me', owner)).status).toBe(401);
      // The stranger's things are untouched.
      expect(
        await db().select().from(companies).where(eq(companies.id, strangerCompany)),
      ).toHaveLength(1);
      expect((await call('GET', '/customer/me', stranger)).status).toBe(200);
      expect(
        (await db().select().from(notificationEvents).where(eq(notificationEvents.userId, ownerId)))
          .length,
      ).toBe(0);
    });
  });
});
