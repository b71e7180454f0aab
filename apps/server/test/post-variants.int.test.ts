import {
  API_PATHS,
  NETWORK_MEDIA_RULES,
  POST_VARIANT_MESSAGES,
  type ApiPost,
  type Attachment,
  type CreatedApiKey,
  type Post,
  type ScheduledInstance,
  PUBLIC_API_PATHS,
} from '@cadence/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledInstances } from '../src/db/schema.js';
import { apiClient, apiForm } from './helpers/api.js';
import { makePng } from './helpers/images.js';
import { engines } from './helpers/databases.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import {
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

const LONG_TEXT = `${'A long announcement for the professional networks. '.repeat(7)}Read on.`;

describe.each(engines)('text per network on %s', (engine) => {
  let fakes: NetworkFakes;
  let t: TestApp;
  let token: string;
  let companyId: string;
  let apiKey: string;
  let sequence = 0;
  const { call } = apiClient(() => t.app);

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, { env: { ...fakes.env, PUBLISH_RETRY_BASE_MS: '10' } });
    token = await createVerifiedAccount(t, { email: 'variants@example.com' });
    await setTierByCommand(t, 'variants@example.com', 'enterprise');
    companyId = await createCompany(t, token);
    await connectNetworks(t, fakes, token, companyId, ['twitter', 'linkedIn', 'bluesky']);
    const key = await call<CreatedApiKey>('POST', API_PATHS.apiKeys, token, {
      name: 'Variants',
      scopes: ['read', 'write', 'publish'],
    });
    apiKey = key.json.data.key;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const inMinutes = (minutes: number) =>
    new Date(t.clock().getTime() + minutes * 60_000).toISOString();

  async function publishDue(postId: string) {
    t.clock.advance(3600);
    const instances = await t.infra.database.db
      .select()
      .from(scheduledInstances)
      .where(eq(scheduledInstances.postId, postId));
    for (const instance of instances) await t.publisher.publishInstance(instance.id);
  }

  it('stores a variant per network from the post form and answers it', async () => {
    const created = await call<Post>('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: `Shared text ${++sequence}`,
      variants: { twitter: { content: '  Short for X  ' }, linkedIn: {} },
    });
    expect(created.status, created.body).toBe(201);
    // Trimmed, and a variant with nothing in it changes nothing: dropped.
    expect(created.json.data.variants).toEqual({ twitter: { content: 'Short for X' } });

    const edited = await call<Post>('PATCH', `${API_PATHS.posts}/${created.json.data.id}`, token, {
      variants: { linkedIn: { content: 'Long form for LinkedIn' } },
    });
    expect(edited.status, edited.body).toBe(200);
    expect(edited.json.data.variants).toEqual({ linkedIn: { content: 'Long form for LinkedIn' } });

    // An edit that does not send variants keeps them.
    const kept = await call<Post>('PATCH', `${API_PATHS.posts}/${created.json.data.id}`, token, {
      content: 'Shared text, edited',
    });
    expect(kept.json.data.variants).toEqual({ linkedIn: { content: 'Long form for LinkedIn' } });
  });

  it('refuses a variant over its network limit, an empty one and an unknown network', async () => {
    const over = await call('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: 'Shared',
      variants: { twitter: { content: LONG_TEXT } },
    });
    expect(over.status).toBe(400);
    expect(over.json.code).toBe('POST_TEXT_OVER_LIMIT');
    expect(over.json.message).toBe(POST_VARIANT_MESSAGES.overLimit('X', 365, 280));

    // The same text is fine for LinkedIn (3,000).
    const fine = await call('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: 'Shared',
      variants: { linkedIn: { content: LONG_TEXT } },
    });
    expect(fine.status, fine.body).toBe(201);

    const empty = await call('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: 'Shared',
      variants: { bluesky: { content: '   ' } },
    });
    expect(empty.status).toBe(400);
    expect(empty.json.message).toBe(POST_VARIANT_MESSAGES.variantEmpty('Bluesky'));

    const unknown = await call('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: 'Shared',
      variants: { myspace: { content: 'Hello' } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toBe(POST_VARIANT_MESSAGES.variantsInvalid);
  });

  it('sends the variant to its network only, and the shared text to the others', async () => {
    const shared = `Shared text for everyone ${++sequence}, ${LONG_TEXT}`;
    const forX = `Short for X ${sequence}`;
    const created = await call<Post>('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: shared,
      variants: { twitter: { content: forX } },
    });
    expect(created.status, created.body).toBe(201);
    const scheduled = await call<{ instances: ScheduledInstance[] }>('POST', '/schedules', token, {
      post_id: created.json.data.id,
      social_account_type: ['twitter', 'linkedIn'],
      schedule_date: inMinutes(5),
    });
    expect(scheduled.status, scheduled.body).toBe(201);
    await publishDue(created.json.data.id);

    expect(fakes.twitter.posts.filter((post) => post.text === forX)).toHaveLength(1);
    expect(
      fakes.twitter.posts.some((post) => post.text?.includes('Shared text for everyone')),
    ).toBe(false);
    expect(fakes.linkedIn.posts.filter((post) => post.text === shared)).toHaveLength(1);
    expect(fakes.linkedIn.posts.some((post) => post.text.includes(forX))).toBe(false);
  });

  it('takes, changes and answers variants through the public API', async () => {
    const v1 = call;
    const made = await v1<ApiPost>('POST', PUBLIC_API_PATHS.v1Posts, apiKey, {
      entity_id: companyId,
      content: `API shared ${++sequence}`,
      variants: { bluesky: { content: 'For Bluesky' } },
    });
    expect(made.status, made.body).toBe(201);
    expect(made.json.data.variants).toEqual({ bluesky: { content: 'For Bluesky' } });

    const over = await v1('PATCH', `${PUBLIC_API_PATHS.v1Posts}/${made.json.data.id}`, apiKey, {
      variants: { bluesky: { content: 'b'.repeat(301) } },
    });
    expect(over.status).toBe(400);
    expect(over.json.message).toBe(POST_VARIANT_MESSAGES.overLimit('Bluesky', 301, 300));

    const patched = await v1<ApiPost>(
      'PATCH',
      `${PUBLIC_API_PATHS.v1Posts}/${made.json.data.id}`,
      apiKey,
      {
        variants: { twitter: { content: 'For X', media_ids: [] } },
      },
    );
    expect(patched.status, patched.body).toBe(200);
    expect(patched.json.data.variants).toEqual({ twitter: { content: 'For X', media_ids: [] } });

    const read = await v1<ApiPost>(
      'GET',
      `${PUBLIC_API_PATHS.v1Posts}/${made.json.data.id}`,
      apiKey,
    );
    expect(read.json.data.variants).toEqual({ twitter: { content: 'For X', media_ids: [] } });

    const media = await v1('PATCH', `${PUBLIC_API_PATHS.v1Posts}/${made.json.data.id}`, apiKey, {
      variants: { twitter: { media_ids: ['00000000-0000-4000-8000-000000000000'] } },
    });
    expect(media.status).toBe(400);
    expect(media.json.code).toBe('VARIANT_MEDIA_NOT_FOUND');
    expect(media.json.message).toBe(POST_VARIANT_MESSAGES.variantMediaNotFound('X'));
    const two = await v1('PATCH', `${PUBLIC_API_PATHS.v1Posts}/${made.json.data.id}`, apiKey, {
      variants: { twitter: { media_ids: ['a', 'b'] } },
    });
    expect(two.status).toBe(400);
    expect(two.json.message).toBe(POST_VARIANT_MESSAGES.variantMedia('X'));
  });

  /** One file stored for a network's own version of a post: its upload id. */
  async function uploadMedia(bytes: Buffer, as = token, type = 'image/png') {
    const uploaded = await apiForm<Attachment>(t.app, 'POST', API_PATHS.postMedia, as, [
      { name: 'media', filename: 'own.png', type, bytes },
    ]);
    expect(uploaded.status, uploaded.body).toBe(201);
    return uploaded.json.data;
  }

  it("sends a network its variant's own media and the others the post's media", async () => {
    const own = await uploadMedia(makePng(32, 32));
    const spare = await uploadMedia(makePng(8, 8)); // named by no post
    expect(own.mime_type).toBe('image/png');
    expect(own.media_url).toMatch(/^\/uploads\//);
    const shared = makePng(96, 96, { noise: true });
    const content = `Shared with a picture ${++sequence}`;
    const forX = `X with its own picture ${sequence}`;
    const created = await apiForm<Post>(t.app, 'POST', API_PATHS.posts, token, [
      { name: 'company_id', value: companyId },
      { name: 'content', value: content },
      {
        name: 'variants',
        value: JSON.stringify({ twitter: { content: forX, media_ids: [own.id] } }),
      },
      { name: 'media', filename: 'shared.png', type: 'image/png', bytes: shared },
    ]);
    expect(created.status, created.body).toBe(201);
    expect(created.json.data.variants).toEqual({
      twitter: { content: forX, media_ids: [own.id] },
    });
    expect(created.json.data.variant_media?.twitter).toMatchObject({
      id: own.id,
      media_url: own.media_url,
    });
    const scheduled = await call<{ instances: ScheduledInstance[] }>('POST', '/schedules', token, {
      post_id: created.json.data.id,
      social_account_type: ['twitter', 'linkedIn', 'bluesky'],
      schedule_date: inMinutes(5),
    });
    expect(scheduled.status, scheduled.body).toBe(201);
    // An hour and more later: the sweep keeps a file a post's network names.
    await publishDue(created.json.data.id);
    t.clock.advance(60);
    expect(await t.container.services.uploads.sweepOrphans()).toBe(1);
    const storage = t.container.infra.storage;
    expect(await storage.exists(spare.media_url.replace('/uploads/', ''))).toBe(false);
    expect(await storage.exists(own.media_url.replace('/uploads/', ''))).toBe(true);

    const onX = fakes.twitter.posts.filter((post) => post.text === forX);
    expect(onX).toHaveLength(1);
    expect(onX[0]!.media.map((item) => item.size)).toEqual([makePng(32, 32).length]);
    const onLinkedIn = fakes.linkedIn.posts.filter((post) => post.text === content);
    expect(onLinkedIn).toHaveLength(1);
    expect(onLinkedIn[0]!.media.map((item) => item.size)).toEqual([shared.length]);
    const onBluesky = fakes.bluesky.posts.filter((post) => post.text === content);
    expect(onBluesky).toHaveLength(1);
    expect(onBluesky[0]!.media.map((item) => item.size)).toEqual([shared.length]);

    // Its own file alone, without a post's media: X gets it, the others go without.
    const alone = await call<Post>('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: `Text only ${++sequence}`,
      variants: { linkedIn: { media_ids: [own.id] } },
    });
    expect(alone.status, alone.body).toBe(201);
    await call('POST', '/schedules', token, {
      post_id: alone.json.data.id,
      social_account_type: ['linkedIn', 'twitter'],
      schedule_date: inMinutes(5),
    });
    await publishDue(alone.json.data.id);
    const aloneText = `Text only ${sequence}`;
    expect(
      fakes.linkedIn.posts.filter((post) => post.text === aloneText).map((p) => p.media.length),
    ).toEqual([1]);
    expect(
      fakes.twitter.posts.filter((post) => post.text === aloneText).map((p) => p.media.length),
    ).toEqual([0]);
  });

  it("refuses another workspace's media, an unknown id and a type the network does not take", async () => {
    const other = await createVerifiedAccount(t, { email: 'other-variants@example.com' });
    const theirs = await uploadMedia(makePng(16, 16), other);
    const foreign = await call('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: 'Not mine',
      variants: { twitter: { media_ids: [theirs.id] } },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.json).toMatchObject({
      code: 'VARIANT_MEDIA_NOT_FOUND',
      message: POST_VARIANT_MESSAGES.variantMediaNotFound('X'),
    });
    const unknown = await call('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: 'Unknown',
      variants: { twitter: { media_ids: ['not-an-id'] } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe('VARIANT_MEDIA_NOT_FOUND');

    // Instagram takes JPEG images only (the shared rules): a PNG of its own is refused.
    const png = await uploadMedia(makePng(16, 16));
    const refused = await call('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: 'PNG for Instagram',
      variants: { instagram: { media_ids: [png.id] } },
    });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({
      code: 'VARIANT_MEDIA_REFUSED',
      message: POST_VARIANT_MESSAGES.variantMediaType(
        'Instagram',
        NETWORK_MEDIA_RULES.instagram.label,
      ),
    });
    // Checked on edit too.
    const fine = await call<Post>('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: 'Edited later',
    });
    const edited = await call('PATCH', `${API_PATHS.posts}/${fine.json.data.id}`, token, {
      variants: { instagram: { media_ids: [png.id] } },
    });
    expect(edited.status).toBe(400);
    expect(edited.json.code).toBe('VARIANT_MEDIA_REFUSED');
    // The upload route wants a file.
    const empty = await call('POST', API_PATHS.postMedia, token, {});
    expect(empty.status).toBe(400);
  });
});
