import type { AddressInfo } from 'node:net';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  API_PATHS,
  networkRules,
  type ApiCallList,
  type ApiPost,
  type CreatedApiKey,
  PUBLIC_API_PATHS,
} from '@cadence/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { posts, scheduledInstances } from '../src/db/schema.js';
import { apiClient, type Method } from './helpers/api.js';
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

const at = (template: string, id: string) => template.replace(':id', id);
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** A body with its ids and ETags put aside, to compare two twins made one by each door. */
const shape = (body: unknown) =>
  JSON.parse(
    JSON.stringify(body)
      .replace(UUID, '<id>')
      .replace(/"W\/\\"[^"\\]*\\""/g, '"<etag>"'),
  ) as unknown;

interface ToolAnswer {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: Array<{ type: string; text?: string }>;
}

const TOOLS = [
  'list_entities',
  'list_connections',
  'get_network_rules',
  'list_posts',
  'get_post',
  'get_post_metrics',
  'create_post',
  'update_post',
  'schedule_post',
  'delete_post',
  'publish_now',
  'retry_publication',
];

describe.each(engines)('the MCP server at /mcp on %s', (engine) => {
  let t: TestApp;
  let fakes: NetworkFakes;
  let owner: string;
  let origin: string;
  let entityA: string;
  let entityB: string;
  const keys = {} as Record<'full' | 'read' | 'readWrite' | 'limited', string>;
  const clients: Client[] = [];
  const { call } = apiClient(() => t.app);
  let sequence = 0;

  const makeKey = async (body: object) => {
    const answer = await call<CreatedApiKey>('POST', API_PATHS.apiKeys, owner, body);
    if (answer.status !== 201) throw new Error(`key failed: ${answer.body}`);
    return answer.json.data.key;
  };

  /** The SDK's own client, over real HTTP to the listening app. */
  async function connect(key: string) {
    const client = new Client({ name: 'cadence-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL('/mcp', origin), {
      requestInit: { headers: { authorization: `Bearer ${key}` } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, { env: { ...fakes.env, PUBLISH_RETRY_BASE_MS: '10' } });
    owner = await createVerifiedAccount(t, { email: 'mcp-owner@example.com' });
    await setTierByCommand(t, 'mcp-owner@example.com', 'enterprise');
    entityA = await createCompany(t, owner, 'Alpha');
    entityB = await createCompany(t, owner, 'Beta');
    await connectNetworks(t, fakes, owner, entityA, ['twitter', 'bluesky']);
    await connectNetworks(t, fakes, owner, entityB, ['bluesky']);
    keys.full = await makeKey({ name: 'Agent', scopes: ['read', 'write', 'publish'] });
    keys.read = await makeKey({ name: 'Reader', scopes: ['read'] });
    keys.readWrite = await makeKey({ name: 'No publish', scopes: ['read', 'write'] });
    keys.limited = await makeKey({
      name: 'Alpha only',
      scopes: ['read', 'write', 'publish'],
      entity_ids: [entityA],
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    for (const client of clients) await client.close().catch(() => undefined);
    await t?.close();
    await fakes?.close();
  });

  const rest = <T = unknown>(method: Method, url: string, body?: object, key = keys.full) =>
    call<T>(method, url, key, body);
  const tool = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as ToolAnswer;
  const inMinutes = (minutes: number) =>
    new Date(t.clock().getTime() + minutes * 60_000).toISOString();
  const content = () => `Agent post ${++sequence} from Cadence`;

  /** Runs the occurrence's publishing as a worker would, once it is due. */
  async function publishDue(postId: string) {
    t.clock.advance(3600);
    const instances = await t.infra.database.db
      .select()
      .from(scheduledInstances)
      .where(eq(scheduledInstances.postId, postId));
    for (const instance of instances) await t.publisher.publishInstance(instance.id);
  }

  it('offers the tools with their hints, and instructions about public posts and unconfirmed', async () => {
    const client = await connect(keys.full);
    const { tools } = await client.listTools();
    expect(tools.map((listed) => listed.name).sort()).toEqual([...TOOLS].sort());
    const hints = Object.fromEntries(tools.map((listed) => [listed.name, listed.annotations]));
    for (const name of [
      'list_entities',
      'list_connections',
      'get_network_rules',
      'list_posts',
      'get_post',
      'get_post_metrics',
    ])
      expect(hints[name]).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    for (const name of [
      'create_post',
      'update_post',
      'schedule_post',
      'publish_now',
      'retry_publication',
    ])
      expect(hints[name]).toMatchObject({ readOnlyHint: false, destructiveHint: false });
    expect(hints.delete_post).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    const create = tools.find((listed) => listed.name === 'create_post')!;
    expect(Object.keys(create.inputSchema.properties ?? {}).sort()).toEqual(
      ['content', 'entity_id', 'media_ids', 'networks', 'scheduled_for', 'url'].sort(),
    );
    expect(create.inputSchema.required).toEqual(expect.arrayContaining(['entity_id', 'content']));
    const instructions = client.getInstructions() ?? '';
    expect(instructions).toContain('A published post is public');
    expect(instructions).toContain('check the account before posting again');
  });

  it('answers every tool as its REST route answers', async () => {
    const client = await connect(keys.full);
    const same = (answer: ToolAnswer, route: { json: unknown }) => {
      expect(answer.isError, JSON.stringify(answer.content)).toBeFalsy();
      expect(answer.structuredContent).toEqual(route.json);
      expect(JSON.parse(answer.content[0]!.text!)).toEqual(route.json);
    };

    same(
      await tool(client, 'list_entities', { limit: 1 }),
      await rest('GET', `${PUBLIC_API_PATHS.v1Entities}?limit=1`),
    );
    same(
      await tool(client, 'list_connections', { entity_id: entityA }),
      await rest('GET', at(PUBLIC_API_PATHS.v1EntityConnections, entityA)),
    );
    const rules = await tool(client, 'get_network_rules');
    expect(rules.structuredContent?.data).toEqual(networkRules());
    expect(networkRules().find((rule) => rule.network === 'twitter')?.text.limit).toBe(280);

    // Twins: one made by each door with the same body are the same but for their ids.
    const draft = { entity_id: entityA, content: content() };
    const madeByTool = await tool(client, 'create_post', draft);
    const madeByRoute = await rest<ApiPost>('POST', PUBLIC_API_PATHS.v1Posts, draft);
    expect(madeByRoute.status).toBe(201);
    expect(madeByTool.isError).toBeFalsy();
    const toolPost = madeByTool.structuredContent!.data as ApiPost;
    expect(shape({ ...madeByTool.structuredContent, etag: undefined })).toEqual(
      shape(madeByRoute.json),
    );

    const read = await rest<ApiPost>('GET', at(PUBLIC_API_PATHS.v1Post, toolPost.id));
    const got = await tool(client, 'get_post', { post_id: toolPost.id });
    expect(got.structuredContent).toEqual({ ...read.json, etag: read.headers.etag });
    expect(madeByTool.structuredContent!.etag).toBe(read.headers.etag);

    same(
      await tool(client, 'list_posts', { entity_id: entityA, limit: 2 }),
      await rest('GET', `${PUBLIC_API_PATHS.v1Posts}?entity_id=${entityA}&limit=2`),
    );

    // update_post with the ETag read; then the old ETag is stale, as on PATCH.
    const updated = await tool(client, 'update_post', {
      post_id: toolPost.id,
      content: 'Changed by the agent',
      if_match: read.headers.etag,
    });
    const afterUpdate = await rest<ApiPost>('GET', at(PUBLIC_API_PATHS.v1Post, toolPost.id));
    expect(updated.structuredContent).toMatchObject({
      message: 'Post updated successfully',
      data: afterUpdate.json.data,
      etag: afterUpdate.headers.etag,
    });
    const staleTool = await tool(client, 'update_post', {
      post_id: toolPost.id,
      content: 'Again',
      if_match: read.headers.etag,
    });
    const staleRoute = await call(
      'PATCH',
      at(PUBLIC_API_PATHS.v1Post, toolPost.id),
      keys.full,
      { content: 'Again' },
      {
        headers: { 'if-match': String(read.headers.etag) },
      },
    );
    expect(staleRoute.status).toBe(412);
    expect(staleTool.isError).toBe(true);
    expect(staleTool.structuredContent).toEqual(staleRoute.json);
    expect(staleTool.content[0]!.text).toContain('PRECONDITION_FAILED');

    // schedule_post and POST /posts/:id/schedule on twin drafts.
    const when = inMinutes(120);
    const scheduledByTool = await tool(client, 'schedule_post', {
      post_id: toolPost.id,
      networks: ['bluesky'],
      scheduled_for: when,
    });
    const scheduledByRoute = await rest(
      'POST',
      at(PUBLIC_API_PATHS.v1PostSchedule, madeByRoute.json.data.id),
      {
        networks: ['bluesky'],
        scheduled_for: when,
      },
    );
    expect(scheduledByRoute.status).toBe(201);
    expect(shape(scheduledByTool.structuredContent)).toEqual(shape(scheduledByRoute.json));

    // publish_now (confirmed) and POST /publications/:id/publish-now.
    const toolPublication = (await rest<ApiPost>('GET', at(PUBLIC_API_PATHS.v1Post, toolPost.id)))
      .json.data.publications[0]!.id;
    const routePublication = (
      await rest<ApiPost>('GET', at(PUBLIC_API_PATHS.v1Post, madeByRoute.json.data.id))
    ).json.data.publications[0]!.id;
    const nowByTool = await tool(client, 'publish_now', {
      publication_id: toolPublication,
      confirm: true,
    });
    const nowByRoute = await rest(
      'POST',
      at(PUBLIC_API_PATHS.v1PublicationPublishNow, routePublication),
    );
    expect(nowByRoute.status).toBe(202);
    expect(shape(nowByTool.structuredContent)).toEqual(shape(nowByRoute.json));
    // Twice is refused the same way by both doors.
    const twiceByTool = await tool(client, 'publish_now', {
      publication_id: toolPublication,
      confirm: true,
    });
    const twiceByRoute = await rest(
      'POST',
      at(PUBLIC_API_PATHS.v1PublicationPublishNow, routePublication),
    );
    expect(twiceByRoute.status).toBe(409);
    expect(twiceByTool.structuredContent).toEqual(twiceByRoute.json);

    // get_post_metrics and GET /posts/:id/metrics: before the first read, then with numbers
    // once the metrics job has read the published post.
    same(
      await tool(client, 'get_post_metrics', { post_id: toolPost.id }),
      await rest('GET', at(PUBLIC_API_PATHS.v1PostMetrics, toolPost.id)),
    );
    await publishDue(toolPost.id);
    t.clock.advance(2 * 3600);
    await t.publisher.pollMetrics();
    const metricsByRoute = await rest<{ publications: Array<{ read_at: string | null }> }>(
      'GET',
      at(PUBLIC_API_PATHS.v1PostMetrics, toolPost.id),
    );
    expect(metricsByRoute.status).toBe(200);
    expect(metricsByRoute.json.data.publications[0]?.read_at).not.toBeNull();
    same(await tool(client, 'get_post_metrics', { post_id: toolPost.id }), metricsByRoute);
    const unknownPost = '00000000-0000-4000-8000-000000000000';
    const missingByTool = await tool(client, 'get_post_metrics', { post_id: unknownPost });
    const missingByRoute = await rest('GET', at(PUBLIC_API_PATHS.v1PostMetrics, unknownPost));
    expect(missingByRoute.status).toBe(404);
    expect(missingByTool.isError).toBe(true);
    expect(missingByTool.structuredContent).toEqual(missingByRoute.json);

    // retry_publication and POST /publications/:id/retry on twin failed publications.
    const failing = {
      entity_id: entityA,
      content: content(),
      networks: ['bluesky'],
      scheduled_for: inMinutes(5),
    };
    const failedA = (await rest<ApiPost>('POST', PUBLIC_API_PATHS.v1Posts, failing)).json.data;
    const failedB = (await rest<ApiPost>('POST', PUBLIC_API_PATHS.v1Posts, failing)).json.data;
    fakes.bluesky.failNext('invalid', 2, 'com.atproto.repo.createRecord');
    await publishDue(failedA.id);
    await publishDue(failedB.id);
    const retriedByTool = await tool(client, 'retry_publication', {
      publication_id: failedA.publications[0]!.id,
      confirm: true,
    });
    const retriedByRoute = await rest(
      'POST',
      at(PUBLIC_API_PATHS.v1PublicationRetry, failedB.publications[0]!.id),
    );
    expect(retriedByRoute.status).toBe(202);
    expect(retriedByTool.isError, JSON.stringify(retriedByTool.content)).toBeFalsy();
    expect(shape(retriedByTool.structuredContent)).toEqual(shape(retriedByRoute.json));

    // delete_post (confirmed) and DELETE /posts/:id: both gone.
    const deletedByTool = await tool(client, 'delete_post', { post_id: failedA.id, confirm: true });
    expect(deletedByTool.structuredContent).toMatchObject({
      data: { id: failedA.id, deleted: true },
    });
    expect((await rest('DELETE', at(PUBLIC_API_PATHS.v1Post, failedB.id))).status).toBe(204);
    const goneByTool = await tool(client, 'get_post', { post_id: failedA.id });
    const goneByRoute = await rest('GET', at(PUBLIC_API_PATHS.v1Post, failedB.id));
    expect(goneByRoute.status).toBe(404);
    expect(goneByTool.isError).toBe(true);
    expect(goneByTool.structuredContent).toEqual(goneByRoute.json);

    // Bad input: the route's own 400, message and code.
    const badTool = await tool(client, 'create_post', { entity_id: entityA, content: '' });
    const badRoute = await rest('POST', PUBLIC_API_PATHS.v1Posts, {
      entity_id: entityA,
      content: '',
    });
    expect(badRoute.status).toBe(400);
    expect(badTool.structuredContent).toEqual(badRoute.json);
    const lateTool = await tool(client, 'create_post', {
      ...draft,
      networks: ['bluesky'],
      scheduled_for: '2020-01-01T00:00:00Z',
    });
    const lateRoute = await rest('POST', PUBLIC_API_PATHS.v1Posts, {
      ...draft,
      networks: ['bluesky'],
      scheduled_for: '2020-01-01T00:00:00Z',
    });
    expect(lateRoute.status).toBe(400);
    expect(lateTool.structuredContent).toEqual(lateRoute.json);
  });

  it('answers 401 without a valid key, and 405 to GET (stateless)', async () => {
    const initialize = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'curl', version: '1' },
      },
    };
    const post = (headers: Record<string, string>) =>
      fetch(`${origin}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        body: JSON.stringify(initialize),
      });
    for (const headers of [{}, { authorization: 'Bearer cad_nope_nope' }] as Array<
      Record<string, string>
    >) {
      const refused = await post(headers);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    await expect(connect('cad_wrong_key')).rejects.toThrow();
    const ok = await post({ authorization: `Bearer ${keys.full}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('ratelimit-limit')).toBe('300');
    expect(await ok.json()).toMatchObject({ result: { serverInfo: { name: 'cadence' } } });
    expect((await fetch(`${origin}/mcp`)).status).toBe(405);
    // A call of a tool that writes counts in the key's write window, a read in its read window.
    const callTool = (name: string, args: object) =>
      fetch(`${origin}/mcp`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${keys.full}`,
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name, arguments: args },
        }),
      });
    const write = await callTool('create_post', { entity_id: entityA, content: content() });
    expect(write.headers.get('ratelimit-limit')).toBe('120');
    const readCall = await callTool('list_entities', {});
    expect(readCall.headers.get('ratelimit-limit')).toBe('300');
    expect(await readCall.json()).toMatchObject({
      result: { structuredContent: { data: expect.any(Array) as unknown } },
    });
  });

  it('refuses a tool needing a scope the key lacks with INSUFFICIENT_SCOPE, doing nothing', async () => {
    const reader = await connect(keys.read);
    const before = (await t.infra.database.db.select().from(posts)).length;
    const refused = await tool(reader, 'create_post', { entity_id: entityA, content: content() });
    expect(refused.isError).toBe(true);
    expect(refused.content[0]!.text).toContain('INSUFFICIENT_SCOPE');
    expect(refused.structuredContent).toMatchObject({
      statusCode: 403,
      code: 'INSUFFICIENT_SCOPE',
    });
    expect((await t.infra.database.db.select().from(posts)).length).toBe(before);
    expect((await tool(reader, 'list_entities')).isError).toBeFalsy();

    // Publishing needs `publish`, even to be told what it would do.
    const writer = await connect(keys.readWrite);
    const post = (
      await rest<ApiPost>('POST', PUBLIC_API_PATHS.v1Posts, {
        entity_id: entityA,
        content: content(),
        networks: ['bluesky'],
        scheduled_for: inMinutes(60),
      })
    ).json.data;
    for (const confirm of [false, true]) {
      const noPublish = await tool(writer, 'publish_now', {
        publication_id: post.publications[0]!.id,
        confirm,
      });
      expect(noPublish.structuredContent).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
    }
    const noDelete = await tool(reader, 'delete_post', { post_id: post.id });
    expect(noDelete.structuredContent).toMatchObject({ code: 'INSUFFICIENT_SCOPE' });
  });

  it('does nothing without confirm: true, and says what it would do', async () => {
    const client = await connect(keys.full);
    const post = (
      await rest<ApiPost>('POST', PUBLIC_API_PATHS.v1Posts, {
        entity_id: entityA,
        content: content(),
        networks: ['bluesky'],
        scheduled_for: inMinutes(60),
      })
    ).json.data;
    const publicationId = post.publications[0]!.id;

    const asked = await tool(client, 'publish_now', { publication_id: publicationId });
    expect(asked.isError).toBeFalsy();
    expect(asked.structuredContent).toMatchObject({
      data: {
        confirmed: false,
        post_id: post.id,
        publication: { id: publicationId, status: 'pending' },
      },
    });
    expect(asked.structuredContent!.message).toContain('becomes public');
    expect(asked.structuredContent!.message).toContain('Ask the person first');

    const retryAsked = await tool(client, 'retry_publication', { publication_id: publicationId });
    expect(retryAsked.structuredContent!.message).toContain(
      'This post is already waiting to be published.',
    );

    const deleteAsked = await tool(client, 'delete_post', {
      post_id: post.id,
      confirm: 'yes' as unknown as boolean,
    });
    // A confirm that is not the boolean true is refused by the input check.
    expect(deleteAsked.isError).toBe(true);
    const deleteAskedRight = await tool(client, 'delete_post', { post_id: post.id });
    expect(deleteAskedRight.structuredContent!.message).toContain(
      '1 publication(s) waiting to go out would be cancelled',
    );

    const still = await rest<ApiPost>('GET', at(PUBLIC_API_PATHS.v1Post, post.id));
    expect(still.status).toBe(200);
    expect(still.json.data.publications[0]).toMatchObject({ status: 'pending', attempts: 0 });
    expect(still.json.data.publications[0]!.scheduled_for).toBe(
      post.publications[0]!.scheduled_for,
    );
  });

  it("keeps a key limited to entities to those entities' data", async () => {
    const limited = await connect(keys.limited);
    const entities = await tool(limited, 'list_entities');
    expect(
      (entities.structuredContent!.data as Array<{ id: string }>).map((row) => row.id),
    ).toEqual([entityA]);
    const hidden = (
      await rest<ApiPost>('POST', PUBLIC_API_PATHS.v1Posts, {
        entity_id: entityB,
        content: content(),
      })
    ).json.data;
    const byTool = await tool(limited, 'get_post', { post_id: hidden.id });
    const byRoute = await call('GET', at(PUBLIC_API_PATHS.v1Post, hidden.id), keys.limited);
    expect(byRoute.status).toBe(404);
    expect(byTool.structuredContent).toEqual(byRoute.json);
    const hiddenMetrics = await tool(limited, 'get_post_metrics', { post_id: hidden.id });
    const hiddenMetricsRoute = await call(
      'GET',
      at(PUBLIC_API_PATHS.v1PostMetrics, hidden.id),
      keys.limited,
    );
    expect(hiddenMetricsRoute.status).toBe(404);
    expect(hiddenMetrics.structuredContent).toEqual(hiddenMetricsRoute.json);
    const connections = await tool(limited, 'list_connections', { entity_id: entityB });
    expect(connections.structuredContent).toMatchObject({ code: 'COMPANY_NOT_FOUND' });
    const listed = await tool(limited, 'list_posts', {});
    const ids = (listed.structuredContent!.data as ApiPost[]).map((row) => row.entity_id);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(new Set([entityA]));
    const create = await tool(limited, 'create_post', { entity_id: entityB, content: content() });
    expect(create.structuredContent).toMatchObject({ statusCode: 404 });
  });

  it('counts its calls in the key window they belong to, and logs them by tool', async () => {
    const client = await connect(keys.full);
    await tool(client, 'list_entities');
    const calls = await call<ApiCallList>('GET', `${API_PATHS.apiKeyCalls}?limit=100`, owner);
    const routes = calls.json.data.rows.map((row) => row.route);
    expect(routes).toEqual(
      expect.arrayContaining(['/mcp list_entities', '/mcp initialize', '/mcp create_post']),
    );
  });
});
