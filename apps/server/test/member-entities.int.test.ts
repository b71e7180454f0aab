import { startFakeOpenAi } from '@cadence/fakes';
import { API_PATHS, PUBLIC_API_PATHS, type ScheduledInstance } from '@cadence/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, publicationParts, publicationStats, webhookMessages } from '../src/db/schema.js';
import { insertLog } from '../src/modules/logs/index.js';
import { apiCall, type Method } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import { multipartForm } from './helpers/media.js';
import {
  connectionFields,
  connectNetworks,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import { addMember, inWorkspace } from './helpers/team.js';
import {
  accountIdOf,
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

/**
 * Tenant isolation inside a workspace: a member limited to entity A meets nothing of entity
 * B through any route (404 exactly as an id that does not exist, or left out of lists and
 * totals), and an API key does at most what its creator may do now.
 */
const NOWHERE = '00000000-0000-4000-8000-000000000000';
const HOUR = 3_600_000;

describe.each(engines)('a member limited to some entities on %s', (engine) => {
  let t: TestApp;
  let fakes: NetworkFakes;
  let openai: Awaited<ReturnType<typeof startFakeOpenAi>>;
  let owner: string;
  let ownerId: string;
  let lead: string;
  let leadId: string;
  let other: string;
  let otherId: string;
  let as: ReturnType<typeof inWorkspace>;
  /** Entity A (the member's) and B (not theirs), each with a post, an occurrence, a publication. */
  const ids = {} as Record<
    'a' | 'b' | 'c',
    {
      entity: string;
      post: string;
      instance: string;
      publication: string;
      part: string;
    }
  > & { bReviewLink: string; bKey: string; bKeySecret: string };

  const call = <T = Record<string, unknown>>(
    method: Method,
    url: string,
    token: string,
    body?: object,
  ) => apiCall<T>(t.app, method, url, token, body);

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    openai = await startFakeOpenAi(() => ({ text: 'Written for the entity.' }));
    t = await createTestApp(engine, {
      env: {
        ...fakes.env,
        ...fakes.oauthEnv,
        OPENAI_API_KEY: openai.apiKey,
        OPENAI_BASE_URL: openai.baseUrl,
        PUBLIC_URL: 'http://cadence.example.test',
      },
    });
    owner = await createVerifiedAccount(t, { email: 'owner@example.com', name: 'Olive Owner' });
    ownerId = await accountIdOf(t, 'owner@example.com');
    await setTierByCommand(t, 'owner@example.com', 'enterprise');
    lead = await createVerifiedAccount(t, { email: 'lead@example.com', name: 'Lea Lead' });
    leadId = await accountIdOf(t, 'lead@example.com');
    as = inWorkspace(t, ownerId);
    const { db } = t.infra.database;
    /** An entity of `token`'s workspace with a post, an occurrence, a publication, a part. */
    const seed = async (token: string, userId: string, key: 'a' | 'b' | 'c', name: string) => {
      const entity = (
        await call<{ id: string }>('POST', '/customer/company', token, {
          name,
          website: `${name.toLowerCase()}.example.com`,
        })
      ).json.data.id;
      await connectNetworks(t, fakes, token, entity, ['bluesky']);
      const post = (
        await call<{ id: string }>('POST', '/customer/post', token, {
          company_id: entity,
          content: `${name} news, only for ${name}`,
        })
      ).json.data.id;
      const scheduled = await call<{ instances: ScheduledInstance[] }>(
        'POST',
        '/schedules',
        token,
        {
          social_account_type: ['bluesky'],
          post_id: post,
          schedule_date: new Date(t.clock().getTime() + 2 * HOUR).toISOString(),
        },
      );
      expect(scheduled.status, scheduled.body).toBe(201);
      const instance = scheduled.json.data.instances[0]!;
      const publication = instance.schedule_data[0]!.id;
      const [part] = await db
        .insert(publicationParts)
        .values({ publicationId: publication, kind: 'thread', position: 2, content: name })
        .returning();
      // Numbers read yesterday, and a log row of an attempt.
      await db.insert(publicationStats).values({
        publicationId: publication,
        userId,
        companyId: entity,
        postId: post,
        network: 'bluesky',
        externalId: `at://${name}`,
        publishedAt: new Date(t.clock().getTime() - 24 * HOUR),
        likes: key === 'a' ? 3 : 40,
        impressions: key === 'a' ? 30 : 400,
        engagements: key === 'a' ? 3 : 40,
      });
      await insertLog(db, {
        userId,
        postId: post,
        instanceId: instance.id,
        platform: 'bluesky',
        status: 'error',
        message: `${name} attempt refused`,
        scheduledFor: t.clock(),
      });
      ids[key] = { entity, post, instance: instance.id, publication, part: part!.id };
    };
    await seed(owner, ownerId, 'a', 'Alpha');
    await seed(owner, ownerId, 'b', 'Beta');
    // Another workspace altogether, whose owner the lead has nothing to do with.
    other = await createVerifiedAccount(t, { email: 'other@example.com', name: 'Otto Other' });
    otherId = await accountIdOf(t, 'other@example.com');
    await setTierByCommand(t, 'other@example.com', 'enterprise');
    await seed(other, otherId, 'c', 'Gamma');
    const link = await call<{ id: string }>(
      'POST',
      `/customer/company/${ids.b.entity}/review-links`,
      owner,
      {},
    );
    expect(link.status, link.body).toBe(201);
    ids.bReviewLink = link.json.data.id;
    const key = await call<{ id: string; key: string }>('POST', '/customer/api-keys', owner, {
      name: 'Beta key',
      scopes: ['read'],
      entity_ids: [ids.b.entity],
    });
    expect(key.status, key.body).toBe(201);
    ids.bKey = key.json.data.id;
    ids.bKeySecret = key.json.data.key;
    // A manager (the widest member role) limited to entity A.
    await addMember(t, owner, { email: 'lead@example.com', token: lead }, 'manager', [
      ids.a.entity,
    ]);
  }, 240_000);

  afterAll(async () => {
    await t?.close();
    await fakes?.close();
    await openai?.close();
  });

  /** Every route that reads or acts on one entity's data, called for B's ids (or A's). */
  const routes = (k: 'a' | 'b' | 'c'): Array<[Method, string, object?]> => {
    const x = ids[k];
    return [
      ['GET', `/customer/post/${x.post}`],
      ['GET', `/customer/company/${x.entity}/queue`],
      ['PUT', `/customer/company/${x.entity}/queue`, { timezone: 'UTC', slots: [] }],
      ['POST', `/customer/post/${x.post}/queue`, { networks: ['bluesky'] }],
      ['POST', `/publications/${x.publication}/retry`],
      ['POST', `/publications/${x.publication}/confirm-absent`],
      [
        'POST',
        `/publications/${x.publication}/mark-published`,
        { url: 'https://bsky.app/profile/x/post/1' },
      ],
      ['POST', `/publications/${x.publication}/publish-now`],
      ['POST', `/publication-parts/${x.part}/retry`],
      [
        'PATCH',
        `/schedules/occurrences/${x.instance}`,
        {
          scheduled_for: new Date(t.clock().getTime() + 5 * HOUR).toISOString(),
          expected_scheduled_for: new Date(t.clock().getTime() + 2 * HOUR).toISOString(),
          scope: 'one',
        },
      ],
      [
        'POST',
        '/social-accounts/save',
        { company_id: x.entity, social_account_type: 'bluesky', ...blueskyFields() },
      ],
      [
        'POST',
        '/social-accounts/authenticate',
        { company_id: x.entity, social_account_type: 'bluesky', ...blueskyFields() },
      ],
      ['POST', '/social-accounts/oauth/twitter/start', { company_id: x.entity }],
      ['POST', '/ai/enhance', { company_id: x.entity, content: 'Hello' }],
      ['POST', '/ai/generate', { company_id: x.entity, content: 'Hello [AI]' }],
      ['GET', `/analytics/summary?${range()}&company_id=${x.entity}`],
      ['GET', `/analytics/export.csv?${range()}&company_id=${x.entity}`],
      ['GET', `/customer/post/${x.post}/metrics`],
      ['GET', `/customer/post/${x.post}/review`],
      ['POST', `/customer/post/${x.post}/submit`],
      ['GET', `/customer/post/${x.post}/comments`],
      ['POST', `/customer/post/${x.post}/comments`, { body: 'Looks good', visibility: 'team' }],
      ['GET', `/customer/company/${x.entity}/review-links`],
      ['POST', `/customer/company/${x.entity}/review-links`, {}],
      ['PATCH', `/customer/post/${x.post}`, { content: 'Taken over' }],
      ['POST', '/schedules/bulk-delete', { ids: [x.instance] }],
      ['DELETE', `/schedules/${x.instance}`],
      ['DELETE', `/customer/post/${x.post}`],
    ];
  };
  const blueskyFields = () => connectionFields(fakes, 'bluesky');
  /** The last week and the next day (the numbers were read yesterday, posts go out soon). */
  const range = () =>
    `from=${encodeURIComponent(new Date(t.clock().getTime() - 7 * 24 * HOUR).toISOString())}&to=${encodeURIComponent(new Date(t.clock().getTime() + 24 * HOUR).toISOString())}`;

  it("answers 404 for every one of entity B's things, as for one that does not exist", async () => {
    const answers: Array<[string, number, string | undefined]> = [];
    for (const [method, url, body] of routes('b')) {
      const answer = await as(method, url, lead, body);
      answers.push([`${method} ${url}`, answer.status, answer.json?.code]);
    }
    expect(answers.filter(([, status]) => status !== 404)).toEqual([]);
    // B's description never went into a prompt.
    expect(openai.requests.filter((request) => JSON.stringify(request).includes('Beta'))).toEqual(
      [],
    );
    // The same routes for a nonexistent id answer the same (nothing tells B exists).
    const nowhere = routes('b').map(([method, url, body]): [Method, string, object?] => [
      method,
      url.replaceAll(ids.b.entity, NOWHERE).replaceAll(ids.b.post, NOWHERE),
      body && JSON.parse(JSON.stringify(body).replaceAll(ids.b.entity, NOWHERE)),
    ]);
    for (const [index, [method, url, body]] of nowhere.entries()) {
      if (!url.includes(NOWHERE) && !JSON.stringify(body ?? {}).includes(NOWHERE)) continue;
      const answer = await as(method, url, lead, body);
      expect([`${method} ${url}`, answer.status, answer.json?.code]).toEqual([
        `${method} ${url}`,
        answers[index]![1],
        answers[index]![2],
      ]);
    }
    // Disconnecting B's network, revoking B's review link and B's key: all absent.
    expect(
      (
        await as('POST', '/social-accounts/disconnect', lead, {
          company_id: ids.b.entity,
          social_account_type: 'bluesky',
        })
      ).status,
    ).toBe(404);
    expect((await as('DELETE', `/customer/review-links/${ids.bReviewLink}`, lead)).status).toBe(
      404,
    );
    expect((await as('DELETE', `/customer/api-keys/${ids.bKey}`, lead)).status).toBe(404);
    // And nothing of B changed: its link and key still stand for the owner.
    const links = await call<{ rows: Array<{ id: string }> }>(
      'GET',
      `/customer/company/${ids.b.entity}/review-links`,
      owner,
    );
    expect(links.json.data.rows.map((row) => row.id)).toContain(ids.bReviewLink);
    const keys = await call<{ rows: Array<{ id: string }> }>('GET', '/customer/api-keys', owner);
    expect(keys.json.data.rows.map((row) => row.id)).toContain(ids.bKey);
  });

  it("answers 404 for another workspace's things through the same routes, and 403 NOT_A_MEMBER to its header", async () => {
    const answers: Array<[string, number]> = [];
    for (const [method, url, body] of routes('c')) {
      answers.push([`${method} ${url}`, (await as(method, url, lead, body)).status]);
    }
    expect(answers.filter(([, status]) => status !== 404)).toEqual([]);
    expect(openai.requests.filter((request) => JSON.stringify(request).includes('Gamma'))).toEqual(
      [],
    );
    const stranger = await inWorkspace(t, otherId)('GET', '/customer/company', lead);
    expect([stranger.status, stranger.json?.code]).toEqual([403, 'NOT_A_MEMBER']);
    // The other workspace's post is still there, as its owner left it.
    expect((await call('GET', `/customer/post/${ids.c.post}`, other)).status).toBe(200);
  });

  it("reaches entity A's things through the same routes", async () => {
    for (const url of [
      `/customer/post/${ids.a.post}`,
      `/customer/company/${ids.a.entity}/queue`,
      `/analytics/summary?${range()}&company_id=${ids.a.entity}`,
      `/customer/post/${ids.a.post}/metrics`,
      `/customer/post/${ids.a.post}/comments`,
      `/customer/company/${ids.a.entity}/review-links`,
    ]) {
      const answer = await as('GET', url, lead);
      expect([url, answer.status]).toEqual([url, 200]);
    }
    const enhanced = await as('POST', '/ai/enhance', lead, {
      company_id: ids.a.entity,
      content: 'Hello',
    });
    expect(enhanced.status, enhanced.body).toBe(200);
  });

  it('leaves entity B out of every list and total', async () => {
    // The owner's work on B: an AI call about it, a call with B's key.
    const enhanced = await call('POST', '/ai/enhance', owner, {
      company_id: ids.b.entity,
      content: 'Beta launch',
    });
    expect(enhanced.status, enhanced.body).toBe(200);
    expect((await apiCall(t.app, 'GET', '/v1/entities', ids.bKeySecret)).status).toBe(200);
    expect((await call('GET', '/customer/api-logs', owner)).body).toContain('Beta');
    expect((await call('GET', '/customer/api-keys/calls', owner)).body).toContain('Beta key');

    const texts = async (url: string) => (await as('GET', url, lead)).body;
    const everyList = [
      '/customer/post?q=Beta',
      '/customer/api-logs',
      '/customer/api-keys/calls',
      '/customer/company',
      '/customer/post',
      '/schedules',
      `/schedules/calendar?${range()}`,
      `/schedules/occurrences?${range()}`,
      '/customer/logs',
      `/analytics/export.csv?${range()}`,
      '/customer/api-keys',
    ];
    for (const url of everyList) {
      const body = await texts(url);
      expect([url, body.includes('Beta')]).toEqual([url, false]);
      expect([url, body.includes(ids.b.entity)]).toEqual([url, false]);
    }
    // Their own entity's rows are there.
    expect(await texts('/customer/logs')).toContain('Alpha attempt refused');
    expect(await texts(`/schedules/occurrences?${range()}`)).toContain(ids.a.instance);

    // Totals count A only; the owner's count both.
    const summary = async (token: string, caller: typeof call | typeof as) =>
      (
        await caller<{
          posts_published: number;
          impressions: number;
          engagements: number;
          top_posts: Array<{ post_id: string }>;
        }>('GET', `/analytics/summary?${range()}`, token)
      ).json.data;
    const theirs = await summary(lead, as);
    const all = await summary(owner, call);
    expect(theirs).toMatchObject({ posts_published: 1, impressions: 30, engagements: 3 });
    expect(theirs.top_posts.map((row) => row.post_id)).toEqual([ids.a.post]);
    expect(all).toMatchObject({ posts_published: 2, impressions: 430, engagements: 43 });
    const logs = await as<{ count: number }>('GET', '/customer/logs', lead);
    const ownerLogs = await call<{ count: number }>('GET', '/customer/logs', owner);
    expect(logs.json.data.count).toBe(1);
    expect(ownerLogs.json.data.count).toBe(2);
    const posts = await as<{ count: number }>('GET', '/customer/post', lead);
    expect(posts.json.data.count).toBe(1);
  });

  it('refuses an import row naming entity B exactly like an unknown entity', async () => {
    const csv = [
      'entity,content,url,networks,date,time,timezone,media_url,first_comment,queue',
      'Beta,For Beta,,bluesky,,,,,,',
      'Nowhere,For nobody,,bluesky,,,,,,',
      'Alpha,For Alpha,,bluesky,,,,,,',
    ].join('\r\n');
    const { payload, headers } = multipartForm([
      { name: 'file', filename: 'posts.csv', type: 'text/csv', bytes: Buffer.from(csv) },
    ]);
    const answer = await apiCall<{ rows: Array<{ line: number; ok: boolean; errors: string[] }> }>(
      t.app,
      'POST',
      '/customer/post/import?dry_run=true',
      lead,
      payload,
      { headers: { ...headers, 'x-workspace-id': ownerId } },
    );
    // A dry run answers every row's verdict.
    expect(answer.status, answer.body).toBe(200);
    const [beta, nowhere, alpha] = answer.json.data.rows;
    expect(beta!.ok).toBe(false);
    expect(nowhere!.ok).toBe(false);
    expect(beta!.errors.join(' ')).toBe(nowhere!.errors.join(' ').replace('Nowhere', 'Beta'));
    expect(alpha!.ok).toBe(true);
  });

  it('a webhook endpoint a member made hears only what they may see now', async () => {
    const made = await as<{ id: string; entity_ids: string[] | null }>(
      'POST',
      API_PATHS.webhooks,
      lead,
      { url: 'https://hooks.example.com/lead', events: ['post.created'] },
    );
    expect(made.status, made.body).toBe(201);
    expect(made.json.data.entity_ids).toEqual([ids.a.entity]);
    const { db } = t.infra.database;
    const heard = async () =>
      (
        await db
          .select()
          .from(webhookMessages)
          .where(eq(webhookMessages.endpointId, made.json.data.id))
      ).length;
    const postInA = async (content: string) =>
      expect(
        (await call('POST', '/customer/post', owner, { company_id: ids.a.entity, content })).status,
      ).toBe(201);
    const lead_ = (role: string, entityIds: string[]) =>
      call('PATCH', `/team/members/${leadId}`, owner, { role, entity_ids: entityIds });

    await postInA('Heard by the lead, a manager with Alpha');
    expect(await heard()).toBe(1);
    // An editor manages no endpoint: theirs goes quiet...
    await lead_('editor', [ids.a.entity]);
    await postInA('Not heard: the lead is an editor');
    expect(await heard()).toBe(1);
    // ...as it does for a manager who no longer has the entity...
    await lead_('manager', [ids.b.entity]);
    await postInA('Not heard: the lead has only Beta');
    expect(await heard()).toBe(1);
    // ...and it hears again once they may see it.
    await lead_('manager', [ids.a.entity]);
    await postInA('Heard again');
    expect(await heard()).toBe(2);
    const removed = await as('DELETE', `${API_PATHS.webhooks}/${made.json.data.id}`, lead);
    expect(removed.status, removed.body).toBeLessThan(300);
  });

  it('an API key does at most what its creator may do now: their entities, their role, their membership', async () => {
    const made = await as<{ key: string; entity_ids: string[] }>(
      'POST',
      '/customer/api-keys',
      lead,
      { name: 'Lead key', scopes: ['read', 'write'] },
    );
    expect(made.status, made.body).toBe(201);
    expect(made.json.data.entity_ids).toEqual([ids.a.entity]);
    const key = made.json.data.key;
    const v1 = <T = Record<string, unknown>>(method: Method, url: string, body?: object) =>
      apiCall<T>(t.app, method, url, key, body);

    const entities = await v1<Array<{ id: string }>>('GET', PUBLIC_API_PATHS.v1Entities);
    expect(entities.json.data.map((row) => row.id)).toEqual([ids.a.entity]);
    expect((await v1('GET', `/v1/entities/${ids.b.entity}`)).status).toBe(404);
    expect((await v1('GET', `/v1/posts/${ids.b.post}`)).status).toBe(404);
    expect((await v1('GET', `/v1/posts/${ids.a.post}`)).status).toBe(200);
    const mcp = async (name: string, args: object) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/mcp',
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
      });
      return JSON.parse(answer.body) as {
        result: { isError?: boolean; structuredContent: Record<string, unknown> };
      };
    };
    const listed = await mcp('list_entities', {});
    expect(JSON.stringify(listed.result.structuredContent)).not.toContain(ids.b.entity);
    const other = await mcp('get_post', { post_id: ids.b.post });
    expect(other.result.isError).toBe(true);
    expect(other.result.structuredContent).toMatchObject({ statusCode: 404 });

    // Writing works while they are a manager...
    const draft = { entity_id: ids.a.entity, content: 'Written with the lead key' };
    const written = await v1<{ id: string }>('POST', PUBLIC_API_PATHS.v1Posts, draft);
    expect(written.status, written.body).toBe(201);
    // ...and the post records the person behind the key, not the workspace's owner.
    const [row] = await t.infra.database.db
      .select({ createdBy: posts.createdBy })
      .from(posts)
      .where(eq(posts.id, written.json.data.id));
    expect(row?.createdBy).toBe(leadId);
    // ...a viewer's key reads only, and manages no webhook...
    await call('PATCH', `/team/members/${leadId}`, owner, {
      role: 'viewer',
      entity_ids: [ids.a.entity],
    });
    const refused = await v1('POST', PUBLIC_API_PATHS.v1Posts, draft);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('INSUFFICIENT_SCOPE');
    expect((await mcp('create_post', draft)).result.structuredContent).toMatchObject({
      statusCode: 403,
    });
    expect((await v1('GET', PUBLIC_API_PATHS.v1Entities)).status).toBe(200);
    // An editor's key writes posts but not webhook endpoints (a manager's).
    await call('PATCH', `/team/members/${leadId}`, owner, {
      role: 'editor',
      entity_ids: [ids.a.entity],
    });
    const hook = await v1('POST', PUBLIC_API_PATHS.v1Webhooks, {
      url: 'https://hooks.example.com/cadence',
      events: ['post.completed'],
    });
    expect(hook.status).toBe(403);
    expect(hook.json.code).toBe('FORBIDDEN_ROLE');
    // ...and a key whose creator left the workspace stops.
    await call('DELETE', `/team/members/${leadId}`, owner);
    expect((await v1('GET', PUBLIC_API_PATHS.v1Entities)).status).toBe(401);
  });
});
