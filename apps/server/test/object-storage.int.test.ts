import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ScheduledInstance } from '@cadence/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { AppInstance } from '../src/app-instance.js';
import { parseConfig } from '../src/config.js';
import { createContainer } from '../src/container.js';
import { publications } from '../src/db/schema.js';
import { openInfra } from '../src/infra.js';
import { createLogger } from '../src/logger.js';
import { createWorker, type Worker } from '../src/worker.js';
import { apiCall, apiForm } from './helpers/api.js';
import { engines, type Engine } from './helpers/databases.js';
import { makePng } from './helpers/images.js';
import { multipartForm } from './helpers/media.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import { createPost } from './helpers/posts.js';
import { startS3Server, type S3Server } from './helpers/s3-server.js';
import {
  createTestApp,
  createVerifiedAccount,
  postJson,
  RELAXED_LIMITS,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

const PUBLIC_URL = 'http://cadence.example.test';

/**
 * Another machine of the same installation: its own process state and its own (empty)
 * DATA_DIR, the same database (on PostgreSQL its own connections; the embedded database
 * serves one process, so there the same one) and whatever storage `env` says.
 */
async function openProcess(first: TestApp, engine: Engine, env: Record<string, string>) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'cadence-machine-'));
  const config = {
    ...parseConfig({
      DATA_DIR: dataDir,
      SMTP_URL: first.config.smtpUrl,
      LOG_LEVEL: 'silent',
      DATABASE_URL: first.config.databaseUrl,
      ...env,
    }),
    appSecret: first.config.appSecret,
  };
  const logger = createLogger('silent');
  const infra =
    engine === 'postgres' ? await openInfra(config, logger, { inMemory: true }) : first.infra;
  const container = createContainer(
    { config, logger, ...infra },
    { clock: first.clock, authLimits: RELAXED_LIMITS },
  );
  const app: AppInstance = await buildApp(container, {
    webDistDir: path.join(dataDir, 'no-web-build'),
  });
  await app.ready();
  const worker: Worker = createWorker(container);
  return {
    app,
    worker,
    dataDir,
    async close() {
      await worker.stop();
      await app.close();
      if (infra !== first.infra) await infra.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function filesUnder(folder: string): Promise<string[]> {
  if (!existsSync(folder)) return [];
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe.each(engines)('uploads in a shared bucket on %s', (engine) => {
  let s3: S3Server;
  let fakes: NetworkFakes;
  /** The machine the customer's requests reach first. */
  let first: TestApp;
  /** Another machine on the same bucket and database. */
  let second: Awaited<ReturnType<typeof openProcess>>;
  /** A machine on the same database that keeps files in its own folder: it cannot serve them. */
  let isolated: Awaited<ReturnType<typeof openProcess>>;
  let token: string;
  let companyId: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    fakes = await startNetworkFakes();
    const env = { ...fakes.env, ...s3.env, PUBLIC_URL };
    first = await createTestApp(engine, { env });
    second = await openProcess(first, engine, env);
    isolated = await openProcess(first, engine, { ...fakes.env, PUBLIC_URL });
    token = await createVerifiedAccount(first, { email: 'owner@example.com' });
    await setTierByCommand(first, 'owner@example.com', 'enterprise');
    companyId = await createCompany(first, token);
  }, 180_000); // three app processes to build: three times one test file's start
  afterAll(async () => {
    await isolated?.close();
    await second?.close();
    await first?.close();
    await fakes?.close();
    await s3?.close();
  });

  /** GET /uploads/<key> on a machine, following a redirect to the bucket as a browser does. */
  async function fetchUpload(app: AppInstance, url: string) {
    const answer = await app.inject({ method: 'GET', url });
    if (answer.statusCode !== 302) {
      return { status: answer.statusCode, bytes: answer.rawPayload, type: '' };
    }
    const location = String(answer.headers.location);
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/`)).toBe(true);
    const fromBucket = await fetch(location);
    return {
      status: fromBucket.status,
      bytes: Buffer.from(await fromBucket.arrayBuffer()),
      type: fromBucket.headers.get('content-type') ?? '',
    };
  }

  it('keeps every upload (logo, avatar, post media) made through one machine in the bucket, served by another', async () => {
    const logo = makePng(64, 48);
    const logoForm = multipartForm([
      { name: 'file', filename: 'logo.png', type: 'image/png', bytes: logo },
    ]);
    const logoAnswer = await apiCall<{ logo_url: string }>(
      first.app,
      'POST',
      '/customer/company/logo',
      token,
      logoForm.payload,
      { headers: logoForm.headers },
    );
    expect(logoAnswer.status, logoAnswer.body).toBe(201);
    const logoUrl = logoAnswer.json.data.logo_url;

    const face = await sharp({
      create: { width: 80, height: 80, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    const profile = await apiForm<{ profile_image: string }>(
      first.app,
      'PUT',
      '/customer/update',
      token,
      [
        { name: 'name', value: 'Olive Owner' },
        { name: 'profile_image', filename: 'me.png', type: 'image/png', bytes: face },
      ],
    );
    expect(profile.status, profile.body).toBe(200);
    const avatarUrl = profile.json.data.profile_image;

    const picture = makePng(120, 90);
    const post = await apiForm<{ attachments: Array<{ media_url: string }> }>(
      first.app,
      'POST',
      '/customer/post',
      token,
      [
        { name: 'company_id', value: companyId },
        { name: 'content', value: 'A post with a picture' },
        { name: 'media', filename: 'picture.png', type: 'image/png', bytes: picture },
      ],
    );
    expect(post.status, post.body).toBe(201);
    const mediaUrl = post.json.data.attachments[0]!.media_url;

    // The database keeps the same addresses as on the local folder.
    for (const url of [logoUrl, avatarUrl, mediaUrl]) expect(url).toMatch(/^\/uploads\//);
    expect(await s3.keys()).toEqual(
      expect.arrayContaining([logoUrl, avatarUrl, mediaUrl].map((url) => url.slice(9))),
    );
    // Nothing went to the first machine's own folder.
    expect(await filesUnder(path.join(first.config.dataDir, 'uploads'))).toEqual([]);

    const servedLogo = await fetchUpload(second.app, logoUrl);
    expect(servedLogo.status).toBe(200);
    expect(servedLogo.type).toBe('image/png');
    expect(servedLogo.bytes.equals(logo)).toBe(true);
    const servedAvatar = await fetchUpload(second.app, avatarUrl);
    expect(servedAvatar.status).toBe(200);
    expect(servedAvatar.type).toBe('image/webp');
    expect((await sharp(servedAvatar.bytes).metadata()).width).toBe(256);
    const servedMedia = await fetchUpload(second.app, mediaUrl);
    expect(servedMedia.status).toBe(200);
    expect(servedMedia.bytes.equals(picture)).toBe(true);

    // A machine with a folder of its own has none of them: the bucket is what is shared.
    expect((await fetchUpload(isolated.app, mediaUrl)).status).toBe(404);
  });

  it("lets the web app's pages show images from the bucket", async () => {
    const page = await second.app.inject({ method: 'GET', url: '/' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain(`img-src 'self' data: blob: https: ${s3.endpoint}`);
  });

  it('publishes a post whose image is in the bucket from another machine', async () => {
    const networks = ['twitter', 'bluesky', 'instagram'] as const;
    await connectNetworks(first, fakes, token, companyId, networks);
    const created = await createPost(first, {
      email: 'owner@example.com',
      companyId,
      content: 'Launch day, with a picture from the bucket',
      withImage: true,
    });
    const bytes = created.image!.bytes;
    expect(await s3.keys()).toContain(created.image!.mediaUrl.slice('/uploads/'.length));
    const scheduled = await postJson(
      first.app,
      '/schedules',
      {
        social_account_type: networks,
        post_id: created.id,
        schedule_date: new Date(first.clock().getTime() + 60_000).toISOString(),
      },
      { authorization: `Bearer ${token}` },
    );
    expect(scheduled.status, scheduled.body).toBe(201);
    const instanceId = (scheduled.json.data as unknown as { instances: ScheduledInstance[] })
      .instances[0]!.id;

    first.clock.advance(61);
    await second.worker.publishInstance(instanceId);

    const rows = await first.infra.database.db
      .select()
      .from(publications)
      .where(eq(publications.instanceId, instanceId));
    expect(rows.map((row) => [row.network, row.status]).sort()).toEqual(
      networks.map((network) => [network, 'published']).sort(),
    );
    const tweet = fakes.twitter.posts.find((item) => item.text?.includes('Launch day'))!;
    expect(tweet.media.map((item) => item.size)).toEqual([bytes.length]);
    // The Bluesky stand-in names a blob by the hash of the bytes it received.
    const skeet = fakes.bluesky.posts.find((item) => item.text.includes('Launch day'))!;
    const cid = `bafkrei${createHash('sha256').update(bytes).digest('hex').slice(0, 40)}`;
    expect(JSON.stringify(skeet.record)).toContain(cid);
    // Instagram fetches the file itself: from the bucket's own (signed) address.
    const reel = fakes.instagram.posts.find((item) => item.caption.includes('Launch day'))!;
    expect(reel.mediaUrl.startsWith(`${s3.endpoint}/${s3.bucket}/media/`)).toBe(true);
    const fetched = await fetch(reel.mediaUrl);
    expect(Buffer.from(await fetched.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('deletes from the bucket an upload nothing uses, once it is an hour old', async () => {
    const logoForm = multipartForm([
      { name: 'file', filename: 'unused.png', type: 'image/png', bytes: makePng(30, 30) },
    ]);
    const answer = await apiCall<{ logo_url: string }>(
      first.app,
      'POST',
      '/customer/company/logo',
      token,
      logoForm.payload,
      { headers: logoForm.headers },
    );
    expect(answer.status).toBe(201);
    const key = answer.json.data.logo_url.slice('/uploads/'.length);
    const attached = (await s3.keys()).filter((stored) => stored.startsWith('media/'));
    expect(await s3.keys()).toContain(key);

    first.clock.advance(3601);
    // The sweep runs on any worker: here the second machine's.
    const removed = await second.worker.sweepOrphanUploads();
    expect(removed).toBeGreaterThanOrEqual(1);
    const left = await s3.keys();
    expect(left).not.toContain(key);
    // A post's attachment stays, whatever its age.
    expect(left).toEqual(expect.arrayContaining(attached));
  });
});
