import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  API_TRAFFIC_MESSAGES,
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  IMPORT_TEMPLATE_CSV,
  POST_MESSAGES,
  SCHEDULE_MESSAGES,
  SETTINGS_MESSAGES,
  type ImportResult,
  type ImportRow,
  type Post,
  type ScheduledInstance,
} from '@cadence/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, apiForm } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import { PNG } from './helpers/media.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import {
  createTestApp,
  createTestClock,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

// Wednesday 25 February 2026, noon UTC (London is on GMT, New York on EST).
const START = new Date('2026-02-25T12:00:00Z');
const HEADER = 'entity,content,url,networks,date,time,timezone,media_url,first_comment,queue';

/** A serving of PNG files on 127.0.0.1 (allowed through FETCH_ALLOW_HOSTS). */
async function startFileHost() {
  const served: string[] = [];
  const server: Server = createServer((request, response) => {
    served.push(request.url ?? '');
    if (request.url?.startsWith('/photo')) {
      response.writeHead(200, { 'content-type': 'image/png', 'content-length': PNG.length });
      return response.end(PNG);
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    served: () => served.filter((url) => url.includes('photo-')),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(engines)('bulk scheduling from a file on %s', (engine) => {
  let fakes: NetworkFakes;
  let files: Awaited<ReturnType<typeof startFileHost>>;
  let t: TestApp;
  let owner: string;
  let freeUser: string;
  let proUser: string;
  let acme: string;
  let beta: string;

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    files = await startFileHost();
    t = await createTestApp(engine, {
      env: { ...fakes.env, FETCH_ALLOW_HOSTS: '127.0.0.1' },
      clock: createTestClock(START),
    });
    owner = await createVerifiedAccount(t, { email: 'owner@example.com' });
    freeUser = await createVerifiedAccount(t, { email: 'free@example.com' });
    proUser = await createVerifiedAccount(t, { email: 'pro@example.com' });
    await setTierByCommand(t, 'owner@example.com', 'business');
    await setTierByCommand(t, 'pro@example.com', 'pro');
    acme = await createCompany(t, owner, 'Acme');
    beta = await createCompany(t, owner, 'Beta');
    await connectNetworks(t, fakes, owner, acme, ['twitter', 'linkedIn', 'bluesky']);
    await connectNetworks(t, fakes, owner, beta, ['linkedIn']);
    expect(
      (
        await call('PUT', '/customer/settings', owner, {
          timezone: 'America/New_York',
          auto_dst: true,
        })
      ).status,
    ).toBe(200);
    // Acme's queue is in London: Mondays and Thursdays at 10:00.
    const queue = await call('PUT', `/customer/company/${acme}/queue`, owner, {
      timezone: 'Europe/London',
      slots: [
        { weekday: 1, time: '10:00', networks: null },
        { weekday: 4, time: '10:00', networks: null },
      ],
    });
    expect(queue.status, queue.body).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
    await files?.close();
  });

  const call = <T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    token: string,
    body?: object,
  ) => apiCall<T>(t.app, method, url, token, body);
  const upload = (
    csv: string | Buffer,
    options: { dryRun?: boolean; token?: string; name?: string } = {},
  ) =>
    apiForm<ImportResult>(
      t.app,
      'POST',
      `/customer/post/import${options.dryRun ? '?dry_run=true' : ''}`,
      options.token ?? owner,
      [
        {
          name: 'file',
          filename: options.name ?? 'posts.csv',
          type: 'text/csv',
          bytes: Buffer.isBuffer(csv) ? csv : Buffer.from(csv, 'utf8'),
        },
      ],
    );
  const csvOf = (...rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';
  const postCount = async () =>
    (await call<{ count: number }>('GET', '/customer/post?pageSize=1', owner)).json.data.count;
  const scheduled = async () =>
    (await call<{ rows: ScheduledInstance[] }>('GET', '/schedules?pageSize=100', owner)).json.data
      .rows;
  const tableCounts = async () => {
    const { rows } = await t.infra.database.executeSql(
      `select (select count(*) from posts)::int as posts, (select count(*) from schedules)::int as schedules,
        (select count(*) from scheduled_instances)::int as instances, (select count(*) from publications)::int as publications,
        (select count(*) from post_attachments)::int as attachments`,
    );
    return rows[0];
  };
  const errorsOf = (rows: ImportRow[]) => rows.map((row) => [row.line, row.errors]);

  describe('plan gating', () => {
    it.each([
      ['free', () => freeUser],
      ['pro', () => proUser],
    ])(
      'refuses a %s customer with 403 PLAN_LIMIT, before reading the file',
      async (_tier, token) => {
        const response = await upload(csvOf('Acme,Hello,,linkedIn,,,,,,no'), {
          token: token(),
          dryRun: true,
        });
        expect(response.status).toBe(403);
        expect(response.json).toMatchObject({
          code: 'PLAN_LIMIT',
          message: IMPORT_MESSAGES.notOnPlan,
        });
      },
    );

    it('follows the plan when an admin turns bulk scheduling on or off', async () => {
      const setBusiness = (on: boolean) =>
        t.infra.database.db.execute(
          sql`update subscription_plans set has_bulk_scheduling = ${on} where tier = 'business'`,
        );
      await setBusiness(false);
      try {
        expect((await upload(csvOf('Acme,Hello,,,,,,,,'), { dryRun: true })).status).toBe(403);
      } finally {
        await setBusiness(true);
      }
      expect((await upload(csvOf('Acme,Hello,,,,,,,,'), { dryRun: true })).status).toBe(200);
      const me = await call<{ features: { bulk_scheduling: boolean } }>(
        'GET',
        '/customer/me',
        owner,
      );
      expect(me.json.data.features.bulk_scheduling).toBe(true);
      const free = await call<{ features: { bulk_scheduling: boolean } }>(
        'GET',
        '/customer/me',
        freeUser,
      );
      expect(free.json.data.features.bulk_scheduling).toBe(false);
    });
  });

  describe('files that cannot be read', () => {
    it.each([
      ['not a CSV (an image)', PNG, 400, 'VALIDATION_FAILED', IMPORT_MESSAGES.notCsv],
      [
        'no header',
        'Acme,Hello world,,linkedIn\r\n',
        400,
        'VALIDATION_FAILED',
        IMPORT_MESSAGES.noHeader,
      ],
      [
        'a header and no rows',
        `${HEADER}\r\n\r\n`,
        400,
        'VALIDATION_FAILED',
        IMPORT_MESSAGES.noRows,
      ],
      [
        'an unknown column',
        'entity,content,colour\r\nAcme,Hi,red\r\n',
        400,
        'VALIDATION_FAILED',
        IMPORT_MESSAGES.unknownColumns(['colour']),
      ],
      [
        'no content column',
        'entity,networks\r\nAcme,linkedIn\r\n',
        400,
        'VALIDATION_FAILED',
        IMPORT_MESSAGES.missingColumns(['content']),
      ],
      [
        'a quote never closed',
        `${HEADER}\r\nAcme,"Hello\r\n`,
        400,
        'VALIDATION_FAILED',
        IMPORT_MESSAGES.unclosedQuote(2),
      ],
      [
        'too many rows',
        csvOf(...Array.from({ length: 1001 }, (_, i) => `Acme,Post ${i},,,,,,,,`)),
        400,
        'VALIDATION_FAILED',
        IMPORT_MESSAGES.tooManyRows,
      ],
      [
        'too big',
        csvOf(`Acme,"${'a'.repeat(IMPORT_MAX_BYTES)}",,,,,,,,`),
        413,
        'PAYLOAD_TOO_LARGE',
        IMPORT_MESSAGES.tooBig,
      ],
    ])('refuses %s, saying what to do', async (_name, file, status, code, message) => {
      const response = await upload(file, { dryRun: true });
      expect(response.status, response.body).toBe(status);
      expect(response.json).toMatchObject({ code, message });
    });

    it('refuses a form without the file', async () => {
      const response = await apiForm(t.app, 'POST', '/customer/post/import', owner, [
        { name: 'other', value: 'x' },
      ]);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(IMPORT_MESSAGES.fileMissing);
    });

    it('takes exactly 1,000 rows', async () => {
      // Rows the file itself refuses (an unknown entity) stop before the services, so the
      // limit is proved without a thousand posts' worth of work.
      const response = await upload(
        csvOf(...Array.from({ length: 1000 }, (_, i) => `Nope,Draft ${i},,,,,,,,`)),
        { dryRun: true },
      );
      expect(response.status, response.body).toBe(200);
      const { rows } = response.json.data;
      expect(rows).toHaveLength(1000);
      expect(rows.at(-1)).toEqual({
        line: 1001,
        ok: false,
        errors: [IMPORT_MESSAGES.unknownEntity('Nope')],
        post: null,
      });
    });
  });

  describe('rows with errors', () => {
    const mixed = csvOf(
      'Acme,"Spring is here, with a sale",https://example.com/spring,linkedIn twitter,2026-03-02,09:30,,,,no', // 2 ok
      'Acme,Bad date,,linkedIn,2026-02-30,09:30,,,,', // 3
      'Acme,Past time,,linkedIn,2026-02-20,09:00,,,,', // 4
      'Nope,Unknown entity,,linkedIn,,,,,,', // 5
      'Acme,Unknown network,,"linkedIn, myspace",,,,,,', // 6
      `Acme,${'x'.repeat(300)},,twitter,2026-03-03,10:00,,,,`, // 7
      'Acme,Bad zone,,linkedIn,2026-03-03,10:00,Mars/Olympus,,,', // 8
      'Acme,Bad time,,linkedIn,2026-03-03,25:00,,,,', // 9
      'Acme,"Queued with\r\na line break",,linkedIn,,,,,,yes', // 10-11 ok
      'beta,A draft for Beta,,,,,,,,', // 12 ok
      'Acme,Comment on X,,twitter,,,,,First!,', // 13
      'Beta,Not connected,,bluesky,2026-03-03,10:00,,,,', // 14
      'Acme,Both,,linkedIn,2026-03-03,10:00,,,,yes', // 15
      'Acme,,,linkedIn,,,,,,', // 16
      'Acme,Media,,linkedIn,,,,not a url,,', // 17
      `Acme,New York time,,linkedIn,2026-03-04,08:15,America/New_York,,,`, // 18 ok
      'Acme,Maybe,,linkedIn,,,,,,perhaps', // 19
    );

    const expectedErrors: Array<[number, string[]]> = [
      [2, []],
      [3, [IMPORT_MESSAGES.badDate('2026-02-30')]],
      [4, [SCHEDULE_MESSAGES.futureDateTime]],
      [5, [IMPORT_MESSAGES.unknownEntity('Nope')]],
      [6, [IMPORT_MESSAGES.unknownNetwork('myspace')]],
      [7, ['X would reject this post: 300/280 characters.']],
      [8, [SETTINGS_MESSAGES.unknownZone]],
      [9, [IMPORT_MESSAGES.badTime('25:00')]],
      [10, []],
      [12, []],
      [13, [IMPORT_MESSAGES.firstCommentNetworks]],
      [14, [SCHEDULE_MESSAGES.networkNotConnected('Bluesky')]],
      [15, [IMPORT_MESSAGES.queueAndDate]],
      [16, [POST_MESSAGES.requiredFields(['content'])]],
      [17, [API_TRAFFIC_MESSAGES.mediaUrlInvalid]],
      [18, []],
      [19, [IMPORT_MESSAGES.badQueue('perhaps')]],
    ];

    it('a dry run answers every row with its errors, and writes nothing', async () => {
      const before = await tableCounts();
      const response = await upload(mixed, { dryRun: true });
      expect(response.status, response.body).toBe(200);
      const { rows } = response.json.data;
      expect(errorsOf(rows)).toEqual(expectedErrors);
      expect(rows.filter((row) => row.ok).map((row) => row.line)).toEqual([2, 10, 12, 18]);
      // The posts as they would be made: the entity's zone (London), a row's own zone, the
      // queue's next open slot (Thursday 26 February, 10:00 London), a draft.
      const byLine = new Map(rows.map((row) => [row.line, row.post]));
      expect(byLine.get(2)).toEqual({
        id: null,
        entity: { id: acme, name: 'Acme' },
        content: 'Spring is here, with a sale',
        url: 'https://example.com/spring',
        networks: ['linkedIn', 'twitter'],
        scheduled_for: '2026-03-02T09:30:00.000Z',
        timezone: 'Europe/London',
        status: 'scheduled',
        media_url: null,
        first_comment: null,
      });
      expect(byLine.get(10)).toMatchObject({
        content: 'Queued with\r\na line break',
        status: 'queued',
        scheduled_for: '2026-02-26T10:00:00.000Z',
      });
      expect(byLine.get(12)).toMatchObject({
        entity: { id: beta, name: 'Beta' },
        status: 'draft',
        scheduled_for: null,
        timezone: 'America/New_York',
      });
      expect(byLine.get(18)).toMatchObject({
        scheduled_for: '2026-03-04T13:15:00.000Z',
        timezone: 'America/New_York',
      });
      expect(rows.find((row) => !row.ok)?.post).toBeNull();
      expect(await tableCounts()).toEqual(before);
    });

    it('an import with any bad row writes nothing: 422 IMPORT_INVALID with the same rows', async () => {
      const before = await tableCounts();
      const response = await upload(mixed);
      expect(response.status, response.body).toBe(422);
      expect(response.json).toMatchObject({
        code: 'IMPORT_INVALID',
        message: IMPORT_MESSAGES.invalid(13),
      });
      expect(errorsOf(response.json.data.rows)).toEqual(expectedErrors);
      expect(await tableCounts()).toEqual(before);
    });

    it('a row refused only by a service (the last one) still leaves nothing written', async () => {
      const before = await tableCounts();
      const response = await upload(
        csvOf(
          'Acme,First good,,linkedIn,2026-03-05,09:00,,,,',
          'Acme,Second good,,linkedIn,,,,,,yes',
          'Beta,Bluesky is not connected for Beta,,bluesky,2026-03-05,09:00,,,,',
        ),
      );
      expect(response.status).toBe(422);
      expect(errorsOf(response.json.data.rows)).toEqual([
        [2, []],
        [3, []],
        [4, [SCHEDULE_MESSAGES.networkNotConnected('Bluesky')]],
      ]);
      expect(await tableCounts()).toEqual(before);
    });
  });

  describe('a valid file', () => {
    it('imports every row in one go: scheduled, queued and draft posts, with their publish runs', async () => {
      const postsBefore = await postCount();
      const response = await upload(
        // A byte order mark and LF line ends, as some spreadsheets save.
        '\uFEFF' +
          [
            'Entity,CONTENT,Networks,Date,Time,Queue,First_Comment',
            `Acme,Launch day,"linkedIn,twitter",2026-03-10,14:00,no,Tell us what you think`,
            `${acme},Queued one,linkedIn,,,yes,`,
            'Acme,Queued two,linkedIn,,,yes,',
            'Beta,Just a draft,linkedIn,,,,',
          ].join('\n'),
      );
      expect(response.status, response.body).toBe(201);
      expect(response.json.message).toBe(IMPORT_MESSAGES.imported(4));
      const rows = response.json.data.rows;
      expect(rows.map((row) => [row.ok, row.post?.status, row.post?.scheduled_for])).toEqual([
        [true, 'scheduled', '2026-03-10T14:00:00.000Z'],
        // Two queued posts take two slots: Thursday 26 February and Monday 2 March, 10:00 London.
        [true, 'queued', '2026-02-26T10:00:00.000Z'],
        [true, 'queued', '2026-03-02T10:00:00.000Z'],
        [true, 'draft', null],
      ]);
      expect(rows[0]?.post?.first_comment).toBe('Tell us what you think');
      expect(await postCount()).toBe(postsBefore + 4);
      const ids = rows.map((row) => row.post?.id);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const draft = await call<Post>('GET', `/customer/post/${ids[3]}`, owner);
      expect(draft.json.data).toMatchObject({
        content: 'Just a draft',
        status: 'draft',
        company_id: beta,
      });

      const instances = (await scheduled()).filter((row) => ids.includes(row.post.id));
      expect(
        instances
          .map((row) => [
            row.post.content,
            row.scheduled_for,
            row.schedule_data.map((d) => d.network).sort(),
          ])
          .sort(),
      ).toEqual([
        ['Launch day', '2026-03-10T14:00:00.000Z', ['linkedIn', 'twitter']],
        ['Queued one', '2026-02-26T10:00:00.000Z', ['linkedIn']],
        ['Queued two', '2026-03-02T10:00:00.000Z', ['linkedIn']],
      ]);
      // Each occurrence carries its publish run, at its time (decision 130).
      const { rows: jobs } = await t.infra.database.executeSql(
        `select count(*)::int as missing from scheduled_instances i join posts p on p.id = i.post_id
          where p.id = any($1::uuid[]) and i.run_at is distinct from i.scheduled_for`,
        [ids],
      );
      expect(jobs[0]).toEqual({ missing: 0 });

      // The queue now skips the slots the import took.
      const next = await upload(csvOf('Acme,Queued three,,linkedIn,,,,,,yes'), { dryRun: true });
      expect(next.json.data.rows[0]?.post?.scheduled_for).toBe('2026-03-05T10:00:00.000Z');
    });

    it('fetches media_url through the guarded path and attaches it', async () => {
      const response = await upload(
        csvOf(`Acme,With a photo,,linkedIn,,,,${files.url('/photo.png')},,`),
      );
      expect(response.status, response.body).toBe(201);
      const id = response.json.data.rows[0]?.post?.id ?? '';
      const post = await call<Post>('GET', `/customer/post/${id}`, owner);
      expect(post.json.data.attachments).toHaveLength(1);
      expect(post.json.data.attachments[0]?.mime_type).toBe('image/png');
    });

    it('a dry run fetches no media, and checks Instagram rows as posts with media', async () => {
      const instagram = await createCompany(t, owner, 'Gamma');
      await connectNetworks(t, fakes, owner, instagram, ['instagram']);
      const before = await tableCounts();
      const response = await upload(
        csvOf(
          `Gamma,Photo one,,instagram,2026-03-03,10:00,,${files.url('/photo-one.png')},,`,
          `Gamma,Photo two,,instagram,,,,${files.url('/photo-two.png')},,`,
          'Gamma,No photo,,instagram,2026-03-03,11:00,,,,',
        ),
        { dryRun: true },
      );
      expect(response.status, response.body).toBe(200);
      expect(errorsOf(response.json.data.rows)).toEqual([
        [2, []],
        [3, []],
        [4, [SCHEDULE_MESSAGES.instagramNeedsMedia]],
      ]);
      expect(files.served()).toEqual([]);
      expect(await tableCounts()).toEqual(before);
    });

    it('refuses a media_url the guard blocks, and keeps no file', async () => {
      const before = await tableCounts();
      const response = await upload(
        csvOf(
          `Acme,Good photo,,linkedIn,,,,${files.url('/photo.png')},,`,
          'Acme,Blocked photo,,linkedIn,,,,http://10.0.0.1/photo.png,,',
        ),
      );
      expect(response.status, response.body).toBe(422);
      expect(errorsOf(response.json.data.rows)).toEqual([
        [2, []],
        [3, [API_TRAFFIC_MESSAGES.mediaUrlBlocked]],
      ]);
      expect(await tableCounts()).toEqual(before);
      const { rows } = await t.infra.database.executeSql(
        `select count(*)::int as stored from uploaded_files u where not exists
          (select 1 from post_attachments a where a.storage_key = u.storage_key) and u.kind = 'media'`,
      );
      expect(rows[0]).toEqual({ stored: 0 });
    });

    it('the template file checks clean', async () => {
      const response = await upload(IMPORT_TEMPLATE_CSV, { dryRun: true });
      expect(response.status, response.body).toBe(200);
      // The template names Facebook, which Acme has not connected: the only error.
      expect(errorsOf(response.json.data.rows)).toEqual([
        [2, [SCHEDULE_MESSAGES.networkNotConnected('Facebook')]],
        [3, []],
      ]);
    });
  });

  describe('plan limits', () => {
    it("counts the file's posts against the month's allowance, row by row", async () => {
      await t.infra.database.db.execute(
        sql`update subscription_plans set has_bulk_scheduling = true, max_posts_per_month = 2 where tier = 'pro'`,
      );
      const company = await createCompany(t, proUser, 'Pro Co');
      await connectNetworks(t, fakes, proUser, company, ['linkedIn']);
      const response = await upload(
        csvOf(
          'Pro Co,One,,linkedIn,,,,,,',
          'Pro Co,Two,,linkedIn,,,,,,',
          'Pro Co,Three,,linkedIn,,,,,,',
        ),
        { token: proUser, dryRun: true },
      );
      expect(response.status, response.body).toBe(200);
      expect(errorsOf(response.json.data.rows)).toEqual([
        [2, []],
        [3, []],
        [4, [POST_MESSAGES.monthlyLimit(2)]],
      ]);
    });
  });
});
