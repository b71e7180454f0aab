import { startFakeBluesky } from '@cadence/fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createContainer } from '../src/container.js';
import { networkSessions, publications } from '../src/db/schema.js';
import { createBlueskyAdapter } from '../src/integrations/networks/bluesky.js';
import type { NetworkSessionStore } from '../src/integrations/networks/types.js';
import { deriveKey } from '../src/lib/keys.js';
import { createSecretBox } from '../src/lib/secret-box.js';
import { createNetworkSessionStore } from '../src/modules/connections/index.js';
import { createWorker } from '../src/worker.js';
import { engines } from './helpers/databases.js';
import { connectNetworks, createCompany, startNetworkFakes } from './helpers/networks.js';
import { scheduleSoon } from './helpers/posts.js';
import {
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Bluesky's sessions are kept in the database for every process (decision 139): a worker
 * started after another, or the web process, posts with the session already made instead of
 * logging in again (createSession: 30 per 5 minutes, 300 a day per account).
 */
describe.each(engines)('Bluesky sessions kept for every process on %s', (engine) => {
  let t: TestApp;
  let bluesky: Awaited<ReturnType<typeof startFakeBluesky>>;
  let sequence = 0;

  beforeAll(async () => {
    t = await createTestApp(engine);
    bluesky = await startFakeBluesky();
  });
  afterAll(async () => {
    await t?.close();
    await bluesky?.close();
  });
  beforeEach(async () => {
    await t.infra.database.db.delete(networkSessions);
  });

  /** The store of a process; `sealedWith`: another APP_SECRET for the sealing only. */
  const storeWith = (sealedWith = t.config.appSecret): NetworkSessionStore =>
    createNetworkSessionStore({
      db: t.infra.database.db,
      box: createSecretBox(deriveKey(sealedWith, 'credentials')),
      keyOfLogin: deriveKey(t.config.appSecret, 'network-sessions'),
      clock: t.clock,
      logger: t.app.log,
    });
  /** One process's Bluesky adapter: its sessions in memory, and in the store when given. */
  const processWith = (sessions?: NetworkSessionStore) =>
    createBlueskyAdapter({
      serviceUrl: bluesky.baseUrl,
      timeoutMs: 5_000,
      ...(sessions ? { sessions } : {}),
    });
  const post = (adapter: ReturnType<typeof processWith>, credentials = bluesky.validCredentials) =>
    adapter.publish(
      {
        text: `Kept session post ${++sequence}`,
        link: null,
        media: null,
        publication: { id: crypto.randomUUID(), scheduledFor: t.clock() },
      },
      credentials,
    );
  const calls = (nsid: string) => bluesky.calls[`com.atproto.server.${nsid}`] ?? 0;

  it('posts from a second process with the session the first one made', async () => {
    const logins = calls('createSession');
    await post(processWith(storeWith()));
    await post(processWith(storeWith()));
    await post(processWith(storeWith()));
    expect(calls('createSession') - logins).toBe(1);
    // Without the store, every process logs in for itself.
    await post(processWith());
    expect(calls('createSession') - logins).toBe(2);
  });

  it('keeps the session sealed, under a key that does not name the account', async () => {
    await post(processWith(storeWith()));
    const rows = await t.infra.database.db.select().from(networkSessions);
    expect(rows).toHaveLength(1);
    const { username, appPassword } = bluesky.validCredentials;
    for (const secret of [username, appPassword, 'access-', 'refresh-', 'did:']) {
      expect(rows[0]!.sealed).not.toContain(secret);
      expect(rows[0]!.key).not.toContain(secret);
    }
  });

  it('takes the session another process refreshed, instead of spending its refresh token again', async () => {
    const first = processWith(storeWith());
    const second = processWith(storeWith());
    await post(first);
    await post(second);
    const logins = calls('createSession');
    const refreshes = calls('refreshSession');
    bluesky.expireAccessTokens();
    await post(first);
    // The second still holds the expired token: it finds the first one's renewal in the store.
    await post(second);
    expect(calls('refreshSession') - refreshes).toBe(1);
    expect(calls('createSession') - logins).toBe(0);
  });

  it('logs in again when the kept session was renewed elsewhere and then ran out', async () => {
    const first = processWith(storeWith());
    const second = processWith(storeWith());
    await post(first);
    await post(second);
    bluesky.expireAccessTokens();
    await post(first);
    // The renewal the second process would take has run out too, refresh token and all.
    bluesky.expireAllTokens();
    const logins = calls('createSession');
    await post(second);
    expect(calls('createSession') - logins).toBe(1);
  });

  it('never lets a kept session vouch for another app password', async () => {
    await post(processWith(storeWith()));
    const wrong = { ...bluesky.validCredentials, appPassword: 'wrong-pass-word-0000' };
    await expect(post(processWith(storeWith()), wrong)).rejects.toMatchObject({ kind: 'auth' });
  });

  it('logs in when the kept session cannot be opened (sealed with another secret)', async () => {
    await post(processWith(storeWith()));
    const logins = calls('createSession');
    await post(processWith(storeWith('another-app-secret-of-at-least-32-characters')));
    expect(calls('createSession') - logins).toBe(1);
    // The new login replaced it: the first secret's store now logs in once more, then shares.
    await post(processWith(storeWith()));
    await post(processWith(storeWith()));
    expect(calls('createSession') - logins).toBe(2);
  });

  it('forgets, in the token sweep, the sessions nobody renewed for 90 days', async () => {
    await post(processWith(storeWith()));
    t.clock.advance((89 * DAY_MS) / 1000);
    await t.container.jobs.sweepTokens();
    expect(await t.infra.database.db.select().from(networkSessions)).toHaveLength(1);
    t.clock.advance((2 * DAY_MS) / 1000);
    await t.container.jobs.sweepTokens();
    expect(await t.infra.database.db.select().from(networkSessions)).toHaveLength(0);
  });
});

describe.each(engines)('a new worker posting to Bluesky on %s', (engine) => {
  it('uses the session the first worker made, with no login of its own', async () => {
    const fakes = await startNetworkFakes();
    const t = await createTestApp(engine, { env: fakes.env });
    try {
      const token = await createVerifiedAccount(t, { email: 'owner@example.com' });
      await setTierByCommand(t, 'owner@example.com', 'enterprise');
      const companyId = await createCompany(t, token);
      await connectNetworks(t, fakes, token, companyId, ['bluesky']);
      const schedule = async (content: string) =>
        (
          await scheduleSoon(t, {
            token,
            email: 'owner@example.com',
            companyId,
            networks: ['bluesky'],
            content,
          })
        ).instanceId;
      const first = await schedule('From the first worker');
      t.clock.advance(61);
      await t.publisher.publishInstance(first);
      const logins = fakes.bluesky.calls['com.atproto.server.createSession'] ?? 0;

      // Another process on the same database: its own clients, nothing in its memory.
      const second = createWorker(
        createContainer({ config: t.config, logger: t.app.log, ...t.infra }, { clock: t.clock }),
      );
      const next = await schedule('From a worker started later');
      t.clock.advance(61);
      await second.publishInstance(next);
      const [published] = await t.infra.database.db
        .select()
        .from(publications)
        .where(eq(publications.instanceId, next));
      expect(published?.status).toBe('published');
      expect(fakes.bluesky.posts.map((post) => post.text)).toContain('From a worker started later');
      expect(fakes.bluesky.calls['com.atproto.server.createSession'] ?? 0).toBe(logins);
    } finally {
      await t.close();
      await fakes.close();
    }
  });
});
