import {
  API_PATHS,
  POST_VARIANT_MESSAGES,
  type ApiPost,
  type CreatedApiKey,
  type Post,
  type ScheduledInstance, PUBLIC_API_PATHS } from '@cadence/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledInstances } from '../src/db/schema.js';
import { apiClient } from './helpers/api.js';
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

    const read = await v1<ApiPost>('GET', `${PUBLIC_API_PATHS.v1Posts}/${made.json.data.id}`, apiKey);
    expect(read.json.data.variants).toEqual({ twitter: { content: 'For X', media_ids: [] } });

    const media = await v1('PATCH', `${PUBLIC_API_PATHS.v1Posts}/${made.json.data.id}`, apiKey, {
      variants: { twitter: { media_ids: ['00000000-0000-4000-8000-000000000000'] } },
    });
    expect(media.status).toBe(400);
    expect(media.json.message).toBe(POST_VARIANT_MESSAGES.variantMedia('X'));
  });
});
