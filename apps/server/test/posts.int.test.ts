import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  MEDIA_MAX_BYTES,
  MEDIA_MESSAGES,
  POST_MESSAGES,
  SCHEDULE_MESSAGES,
  type Company,
  type Post,
  type PostList,
} from '@cadence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledInstances, schedules } from '../src/db/schema.js';
import { PUBLISH_QUEUE } from '../src/jobs/queue.js';
import { setTier } from '../src/modules/plans/plans.service.js';
import { engines } from './helpers/databases.js';
import {
  GIF,
  JPEG,
  MP4,
  multipartForm,
  PNG,
  QUICKTIME,
  streamedMultipart,
  TEXT_FILE,
  WEBM,
} from './helpers/media.js';
import {
  createTestApp,
  createTestClock,
  createVerifiedAccount,
  type ApiBody,
  type TestApp,
} from './helpers/test-app.js';

/** The engine's own collector, switched on for the memory check only. */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

type Answer<T> = Omit<ApiBody, 'data'> & { data: T };
type FormPart =
  { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

describe.each(engines)('posts on %s', (engine) => {
  let t: TestApp;
  let uploadsDir: string;
  beforeAll(async () => {
    // Late in a month, so the monthly limit test can step into the next one without the
    // week-long sessions running out.
    t = await createTestApp(engine, { clock: createTestClock(new Date('2026-11-29T12:00:00Z')) });
    uploadsDir = path.join(t.config.dataDir, 'uploads');
  });
  afterAll(async () => {
    await t?.close();
  });

  async function call<T = Post>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    token: string,
    body?: object | string,
  ) {
    const response = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: body } : {}),
    });
    return { status: response.statusCode, json: response.json<Answer<T>>() };
  }

  async function send<T = Post>(
    method: 'POST' | 'PATCH',
    url: string,
    token: string,
    parts: FormPart[],
  ) {
    const { payload, headers } = multipartForm(parts);
    const response = await t.app.inject({
      method,
      url: `/api${url}`,
      headers: { ...headers, authorization: `Bearer ${token}` },
      payload,
    });
    return { status: response.statusCode, json: response.json<Answer<T>>() };
  }

  /** A signed-in customer on the given tier. */
  async function customer(email: string, tier = 'business') {
    const token = await createVerifiedAccount(t, { email });
    if (tier !== 'free') await setTier(t.services.database.db, email, tier);
    return token;
  }

  async function addCompany(token: string, name: string) {
    const response = await call<Company>('POST', '/customer/company', token, {
      name,
      website: 'example.com',
    });
    expect(response.status).toBe(201);
    return response.json.data.id;
  }

  async function addPost(token: string, fields: Record<string, unknown>) {
    t.clock.advance(1);
    const response = await call('POST', '/customer/post', token, fields);
    expect(response.status, JSON.stringify(response.json)).toBe(201);
    return response.json.data;
  }

  const list = (token: string, query = '') =>
    call<PostList>('GET', `/customer/post${query ? `?${query}` : ''}`, token);

  async function storedFiles() {
    const folder = path.join(uploadsDir, 'posts');
    return existsSync(folder) ? readdir(folder) : [];
  }

  async function partialFiles() {
    const folder = path.join(uploadsDir, '.partial');
    return existsSync(folder) ? readdir(folder) : [];
  }

  describe('the list', () => {
    let token: string;
    let companyId: string;
    beforeAll(async () => {
      token = await customer('pager@example.com');
      companyId = await addCompany(token, 'Pager Co');
      for (let i = 1; i <= 30; i++)
        await addPost(token, { company_id: companyId, content: `#${i}` });
    });

    it('pages 30 posts as 25 and 5, newest first', async () => {
      const first = await list(token);
      expect(first.status).toBe(200);
      expect(first.json.data).toMatchObject({ count: 30, page: 1, pageSize: 25 });
      expect(first.json.data.rows).toHaveLength(25);
      expect(first.json.data.rows[0]?.content).toBe('#30');
      expect(first.json.data.rows[24]?.content).toBe('#6');
      const second = await list(token, 'page=2');
      expect(second.json.data.rows.map((row) => row.content)).toEqual([
        '#5',
        '#4',
        '#3',
        '#2',
        '#1',
      ]);
      expect(second.json.data.count).toBe(30);
      const beyond = await list(token, 'page=3');
      expect(beyond.json.data).toMatchObject({ rows: [], count: 30, page: 3 });
    });

    it('answers each row with its entity, attachments and schedule flag', async () => {
      const [row] = (await list(token, 'pageSize=1')).json.data.rows;
      expect(row).toMatchObject({
        company_id: companyId,
        company: { id: companyId, name: 'Pager Co', logo_url: null },
        attachments: [],
        has_schedules: false,
        status: 'draft',
        tone: 'professional',
        platforms: [],
      });
    });

    it.each([
      ['pageSize=0', 'pageSize must be 1 or more'],
      ['pageSize=101', 'pageSize must be at most 100'],
      ['page=0', 'page must be 1 or more'],
      ['page=abc', 'page must be a whole number'],
      ['company_id=nope', 'Entity not found'],
    ])('refuses %s with a 400', async (query, message) => {
      const response = await list(token, query);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(message);
    });

    it('accepts a page size of 100', async () => {
      const response = await list(token, 'pageSize=100');
      expect(response.json.data.rows).toHaveLength(30);
    });

    it('needs a signed-in customer', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/customer/post' });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('search', () => {
    let token: string;
    let acme: string;
    let globex: string;
    beforeAll(async () => {
      token = await customer('searcher@example.com');
      acme = await addCompany(token, 'Acme 100%_Corp');
      globex = await addCompany(token, 'Globex');
      await addPost(token, { company_id: globex, content: 'Rocket LAUNCH today' });
      await addPost(token, {
        company_id: globex,
        content: 'Read this',
        url: 'https://News.Example.com/Story',
      });
      await addPost(token, { company_id: acme, content: 'Plain words' });
      await addPost(token, { company_id: globex, content: 'Save 50% now' });
      await addPost(token, { company_id: globex, content: 'We sold 500 apples' });
      await addPost(token, { company_id: globex, content: 'snake_case names' });
      await addPost(token, { company_id: globex, content: 'back\\slash' });
      await addPost(token, { company_id: acme, content: 'Rocket from acme' });
    });

    const contents = async (query: string) =>
      (await list(token, query)).json.data.rows.map((row) => row.content).sort();

    it('matches content case-insensitively', async () => {
      expect(await contents('q=rocket%20launch')).toEqual(['Rocket LAUNCH today']);
      expect(await contents('q=ROCKET')).toEqual(['Rocket LAUNCH today', 'Rocket from acme']);
    });

    it('matches the url', async () => {
      expect(await contents('q=news.example.com%2Fstory')).toEqual(['Read this']);
    });

    it("matches the entity's name", async () => {
      expect(await contents('q=aCmE')).toEqual(['Plain words', 'Rocket from acme']);
    });

    it('takes %, _ and \\ literally', async () => {
      expect(await contents('q=50%25')).toEqual(['Save 50% now']);
      expect(await contents('q=e_c')).toEqual(['snake_case names']);
      expect(await contents('q=k%5Cs')).toEqual(['back\\slash']);
      expect(await contents('q=100%25_')).toEqual(['Plain words', 'Rocket from acme']);
      expect(await contents('q=%25%25')).toEqual([]);
    });

    it('combines the entity filter with the search and counts the same rows', async () => {
      const response = await list(token, `q=rocket&company_id=${acme}`);
      expect(response.json.data.rows.map((row) => row.content)).toEqual(['Rocket from acme']);
      expect(response.json.data.count).toBe(1);
      expect((await list(token, `company_id=${globex}`)).json.data.count).toBe(6);
      expect((await list(token, 'q=rocket')).json.data.count).toBe(2);
    });

    it('treats a blank search as no search', async () => {
      expect((await list(token, 'q=%20%20')).json.data.count).toBe(8);
    });
  });

  describe('creating', () => {
    let token: string;
    let companyId: string;
    let strangerToken: string;
    let strangerCompany: string;
    beforeAll(async () => {
      token = await customer('writer@example.com');
      companyId = await addCompany(token, 'Writer Co');
      strangerToken = await customer('other-writer@example.com', 'free');
      strangerCompany = await addCompany(strangerToken, 'Elsewhere');
    });

    it('creates a draft from JSON, trimming the url', async () => {
      const response = await call('POST', '/customer/post', token, {
        company_id: companyId,
        content: 'Hello world',
        url: '  example.com/a  ',
        tone: 'casual',
        platforms: ['twitter', 'linkedIn', 'twitter'],
        shortened_url: 'http://127.0.0.1/s/abc',
        url_shortened: true,
      });
      expect(response.status).toBe(201);
      expect(response.json.message).toBe(POST_MESSAGES.created);
      expect(response.json.data).toMatchObject({
        company_id: companyId,
        content: 'Hello world',
        url: 'example.com/a',
        tone: 'casual',
        platforms: ['twitter', 'linkedIn'],
        shortened_url: 'http://127.0.0.1/s/abc',
        url_shortened: true,
        status: 'draft',
        scheduled_for: null,
        attachments: [],
      });
    });

    it('creates a post from a multipart form without media', async () => {
      const response = await send('POST', '/customer/post', token, [
        { name: 'content', value: 'From the form' },
        { name: 'company_id', value: companyId },
        { name: 'tone', value: 'humorous' },
        { name: 'platforms', value: '["twitter","bluesky"]' },
        { name: 'url', value: '' },
      ]);
      expect(response.status).toBe(201);
      expect(response.json.data).toMatchObject({
        content: 'From the form',
        status: 'draft',
        scheduled_for: null,
        platforms: ['twitter', 'bluesky'],
        tone: 'humorous',
        url: null,
      });
    });

    it('refuses a time it could not keep: the entity has no connected networks', async () => {
      // (Scheduling from the form, with networks, is covered in schedules.int.test.ts.)
      const response = await send('POST', '/customer/post', token, [
        { name: 'content', value: 'Promised' },
        { name: 'company_id', value: companyId },
        { name: 'platforms', value: '["twitter"]' },
        { name: 'scheduled_for', value: '2026-12-24T18:30:00.000Z' },
      ]);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(SCHEDULE_MESSAGES.networkNotConnected('X/Twitter'));
      const listed = await list(token, 'q=Promised');
      expect(listed.json.data.count).toBe(0);
    });

    it.each([
      ['PNG', PNG, 'photo.png', 'image/png', 'png'],
      ['JPEG', JPEG, 'photo.jpeg', 'image/jpeg', 'jpg'],
      ['GIF', GIF, 'anim.gif', 'image/gif', 'gif'],
      ['MP4', MP4, 'clip.mp4', 'video/mp4', 'mp4'],
      ['QuickTime', QUICKTIME, 'clip.mov', 'video/quicktime', 'mov'],
      ['WebM', WEBM, 'clip.webm', 'video/webm', 'webm'],
    ])('stores a %s and serves it back', async (_kind, bytes, filename, mime, extension) => {
      const response = await send('POST', '/customer/post', token, [
        { name: 'company_id', value: companyId },
        { name: 'media', filename, type: 'application/octet-stream', bytes },
        { name: 'content', value: `With ${filename}` },
      ]);
      expect(response.status, JSON.stringify(response.json)).toBe(201);
      const [attachment] = response.json.data.attachments;
      expect(attachment).toMatchObject({ name: filename, mime_type: mime });
      expect(attachment?.media_url).toMatch(
        new RegExp(`^/uploads/posts/[0-9a-f-]{36}\\.${extension}$`),
      );
      const file = await t.app.inject({ method: 'GET', url: attachment!.media_url });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(bytes)).toBe(true);
      expect(file.headers['content-type']).toContain(mime);
    });

    it('judges the type by content: a PNG named clip.mp4 is stored as a PNG', async () => {
      const response = await send('POST', '/customer/post', token, [
        { name: 'company_id', value: companyId },
        { name: 'content', value: 'Renamed' },
        { name: 'media', filename: '../../etc/clip.mp4', type: 'video/mp4', bytes: PNG },
      ]);
      expect(response.status).toBe(201);
      const [attachment] = response.json.data.attachments;
      expect(attachment).toMatchObject({ name: 'clip.mp4', mime_type: 'image/png' });
      expect(attachment?.media_url).toMatch(/\.png$/);
    });

    it('takes an empty, nameless file part (a file input left empty) as no media', async () => {
      const empty = await send('POST', '/customer/post', token, [
        { name: 'company_id', value: companyId },
        { name: 'content', value: 'No file chosen' },
        { name: 'media', filename: '', type: 'application/octet-stream', bytes: Buffer.alloc(0) },
      ]);
      expect(empty.status).toBe(201);
      expect(empty.json.data.attachments).toEqual([]);
      const named = await send('POST', '/customer/post', token, [
        { name: 'company_id', value: companyId },
        { name: 'content', value: 'Empty file' },
        { name: 'media', filename: 'empty.png', type: 'image/png', bytes: Buffer.alloc(0) },
      ]);
      expect(named.status).toBe(400);
      expect(named.json.message).toBe(MEDIA_MESSAGES.type);
    });

    it('refuses a text file named photo.jpg and keeps nothing of it', async () => {
      const before = await storedFiles();
      const response = await send('POST', '/customer/post', token, [
        { name: 'company_id', value: companyId },
        { name: 'content', value: 'Not an image' },
        { name: 'media', filename: 'photo.jpg', type: 'image/jpeg', bytes: TEXT_FILE },
      ]);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(MEDIA_MESSAGES.type);
      expect(await storedFiles()).toEqual(before);
    });

    it('refuses a file over 50 MB with a 413, streaming it without holding it', async () => {
      const before = await storedFiles();
      const size = MEDIA_MAX_BYTES + 1024 * 1024;
      const upload = streamedMultipart({ company_id: companyId, content: 'Huge' }, size);
      // Garbage is collected before each reading, so what is measured is what is held.
      const usage = () => {
        collectGarbage();
        const memory = process.memoryUsage();
        return memory.heapUsed + memory.arrayBuffers;
      };
      const baseline = usage();
      let peak = baseline;
      const sampler = setInterval(() => {
        peak = Math.max(peak, usage());
      }, 250);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/customer/post',
        headers: { ...upload.headers, authorization: `Bearer ${token}` },
        payload: upload.payload,
      });
      clearInterval(sampler);
      peak = Math.max(peak, usage());
      expect(response.statusCode).toBe(413);
      expect(response.json<ApiBody>().message).toBe(MEDIA_MESSAGES.size);
      expect(upload.produced()).toBe(size);
      expect(await storedFiles()).toEqual(before);
      expect(await partialFiles()).toEqual([]);
      // Held whole, the refused upload would add about 50 MB (measured: 50.5 MB when the
      // server buffered it); streamed, the growth is noise from the rest of the process
      // (0.5-29 MB seen, the high end under a loaded CI run).
      expect(peak - baseline).toBeLessThan(40 * 1024 * 1024);
    });

    it('accepts a file of exactly 50 MB', { timeout: 60_000 }, async () => {
      const upload = streamedMultipart({ company_id: companyId, content: 'Big' }, MEDIA_MAX_BYTES);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/customer/post',
        headers: { ...upload.headers, authorization: `Bearer ${token}` },
        payload: upload.payload,
      });
      expect(response.statusCode).toBe(201);
      const [attachment] = response.json<Answer<Post>>().data.attachments;
      expect(attachment?.mime_type).toBe('image/png');
      const deleted = await call(
        'DELETE',
        `/customer/post/${response.json<Answer<Post>>().data.id}`,
        token,
      );
      expect(deleted.status).toBe(200);
    });

    it.each([
      [{}, 'company, content'],
      [{ content: 'Only content' }, 'company'],
      [{ company_id: 'x' }, 'content'],
      [{ company_id: '  ', content: '   ' }, 'company, content'],
    ])('names the missing required fields of %j', async (body, missing) => {
      const response = await call('POST', '/customer/post', token, body);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(`Please fill in all required fields: ${missing}`);
    });

    it('names the missing fields of a multipart form and keeps no file', async () => {
      const before = await storedFiles();
      const response = await send('POST', '/customer/post', token, [
        { name: 'media', filename: 'a.png', type: 'image/png', bytes: PNG },
        { name: 'content', value: ' ' },
      ]);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe('Please fill in all required fields: company, content');
      expect(await storedFiles()).toEqual(before);
    });

    it("answers 404 for another customer's entity or an id that is no id", async () => {
      for (const company_id of [strangerCompany, 'not-a-uuid']) {
        const response = await call('POST', '/customer/post', token, {
          company_id,
          content: 'Sneaky',
        });
        expect(response.status).toBe(404);
        expect(response.json.message).toBe('Entity not found');
      }
    });

    it.each([
      [{ tone: 'grumpy' }, 'Choose a tone from the list'],
      [{ platforms: ['myspace'] }, 'Unknown social network in platforms'],
      [{ platforms: 'twitter' }, 'platforms must be a list of network ids, like ["twitter"]'],
      [
        { scheduled_for: 'next tuesday' },
        'scheduled_for must be a date and time, like 2026-05-01T09:00:00Z',
      ],
      [{ content: 'x'.repeat(10_001) }, 'Content must be at most 10000 characters'],
      [{ url: 'https://a.example/' + 'x'.repeat(2048) }, 'URL is too long'],
      [{ url: 'javascript: alert(1)' }, 'URL must be a web address without spaces'],
      [{ url_shortened: 'maybe' }, 'url_shortened must be true or false'],
    ])('refuses %j with a message', async (fields, message) => {
      const response = await call('POST', '/customer/post', token, {
        company_id: companyId,
        content: 'Valid',
        ...fields,
      });
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(message);
    });

    it('refuses malformed JSON and a body that is no object', async () => {
      const broken = await call('POST', '/customer/post', token, '{"content": ');
      expect(broken.status).toBe(400);
      expect(broken.json.message).toBe('The request body is not valid JSON.');
      const array = await call('POST', '/customer/post', token, '[1, 2]');
      expect(array.status).toBe(400);
      expect(array.json.message).toBe('The request body must be a JSON object.');
    });

    it('refuses bad multipart fields and a file in the wrong field', async () => {
      const platforms = await send('POST', '/customer/post', token, [
        { name: 'company_id', value: companyId },
        { name: 'content', value: 'x' },
        { name: 'platforms', value: '[twitter' },
      ]);
      expect(platforms.status).toBe(400);
      expect(platforms.json.message).toBe(
        'platforms must be a list of network ids, like ["twitter"]',
      );
      const field = await send('POST', '/customer/post', token, [
        { name: 'company_id', value: companyId },
        { name: 'content', value: 'x' },
        { name: 'file', filename: 'a.png', type: 'image/png', bytes: PNG },
      ]);
      expect(field.status).toBe(400);
      expect(field.json.message).toBe('Send the media file in the field "media"');
    });
  });

  describe('editing and deleting', () => {
    let token: string;
    let companyId: string;
    let otherCompanyId: string;
    let strangerToken: string;
    beforeAll(async () => {
      token = await customer('editor@example.com');
      companyId = await addCompany(token, 'Editor Co');
      otherCompanyId = await addCompany(token, 'Second Co');
      strangerToken = await customer('snoop@example.com', 'free');
    });

    async function postWithMedia(bytes = PNG, filename = 'first.png') {
      t.clock.advance(1);
      const response = await send('POST', '/customer/post', token, [
        { name: 'company_id', value: companyId },
        { name: 'content', value: 'With media' },
        { name: 'media', filename, type: 'image/png', bytes },
      ]);
      expect(response.status).toBe(201);
      return response.json.data;
    }

    const fileOf = (post: Post) => path.join(uploadsDir, post.attachments[0]!.media_url.slice(9));

    it('edits fields from JSON; the status follows scheduled_for', async () => {
      const post = await addPost(token, { company_id: companyId, content: 'Before' });
      const edited = await call('PATCH', `/customer/post/${post.id}`, token, {
        content: 'After',
        company_id: otherCompanyId,
        status: 'scheduled',
        tone: 'friendly',
        platforms: '["facebook"]',
      });
      expect(edited.status).toBe(200);
      expect(edited.json.message).toBe(POST_MESSAGES.updated);
      expect(edited.json.data).toMatchObject({
        content: 'After',
        company_id: otherCompanyId,
        company: { name: 'Second Co' },
        scheduled_for: null,
        status: 'draft',
        tone: 'friendly',
        platforms: ['facebook'],
      });
      // A time needs a connected network to be kept; nothing changes without one.
      const refused = await call('PATCH', `/customer/post/${post.id}`, token, {
        scheduled_for: '2027-01-05T10:00:00+02:00',
      });
      expect(refused.status).toBe(400);
      expect(refused.json.message).toBe(SCHEDULE_MESSAGES.networkNotConnected('Facebook'));
      const draft = await call('PATCH', `/customer/post/${post.id}`, token, {
        scheduled_for: null,
        status: 'scheduled',
      });
      expect(draft.json.data).toMatchObject({
        content: 'After',
        scheduled_for: null,
        status: 'draft',
      });
    });

    it('keeps the required fields required on edit', async () => {
      const post = await addPost(token, { company_id: companyId, content: 'Keep' });
      const response = await call('PATCH', `/customer/post/${post.id}`, token, { content: ' ' });
      expect(response.status).toBe(400);
      expect(response.json.message).toBe('Please fill in all required fields: content');
    });

    it('replaces the media from a multipart edit and removes the old file', async () => {
      const post = await postWithMedia();
      const oldFile = fileOf(post);
      expect(existsSync(oldFile)).toBe(true);
      const response = await send('PATCH', `/customer/post/${post.id}`, token, [
        { name: 'content', value: 'New media' },
        { name: 'media', filename: 'second.gif', type: 'image/gif', bytes: GIF },
      ]);
      expect(response.status).toBe(200);
      expect(response.json.data.content).toBe('New media');
      expect(response.json.data.attachments).toEqual([
        expect.objectContaining({ name: 'second.gif', mime_type: 'image/gif' }),
      ]);
      expect(existsSync(oldFile)).toBe(false);
      expect(existsSync(fileOf(response.json.data))).toBe(true);
    });

    it('removes the media with remove_media=true', async () => {
      const post = await postWithMedia();
      const response = await call('PATCH', `/customer/post/${post.id}`, token, {
        remove_media: true,
      });
      expect(response.status).toBe(200);
      expect(response.json.data.attachments).toEqual([]);
      expect(existsSync(fileOf(post))).toBe(false);
    });

    it('keeps the old media when the new file is refused', async () => {
      const post = await postWithMedia();
      const response = await send('PATCH', `/customer/post/${post.id}`, token, [
        { name: 'media', filename: 'evil.png', type: 'image/png', bytes: TEXT_FILE },
      ]);
      expect(response.status).toBe(400);
      expect(response.json.message).toBe(MEDIA_MESSAGES.type);
      expect(existsSync(fileOf(post))).toBe(true);
    });

    it('deletes the post and its file, and cancels its waiting publish jobs', async () => {
      const post = await postWithMedia();
      const db = t.services.database.db;
      const queue = t.services.queue;
      await queue.createQueue(PUBLISH_QUEUE);
      const later = new Date(Date.now() + 3_600_000);
      const [schedule] = await db
        .insert(schedules)
        .values({
          userId: (await call('GET', '/customer/me', token)).json.data.id,
          postId: post.id,
          networks: ['twitter'],
          firstAt: later,
        })
        .returning();
      const jobId = await queue.send(
        PUBLISH_QUEUE,
        { instanceId: 'x' },
        { startAfter: later, singletonKey: 'x' },
      );
      const doneJobId = await queue.send(
        PUBLISH_QUEUE,
        { instanceId: 'y' },
        { startAfter: later, singletonKey: 'y' },
      );
      await db.insert(scheduledInstances).values([
        {
          scheduleId: schedule!.id,
          postId: post.id,
          userId: schedule!.userId,
          scheduledFor: later,
          jobId,
        },
        {
          scheduleId: schedule!.id,
          postId: post.id,
          userId: schedule!.userId,
          scheduledFor: later,
          status: 'published',
          jobId: doneJobId,
        },
      ]);
      const listed = await list(token, 'pageSize=1');
      expect(listed.json.data.rows[0]).toMatchObject({ id: post.id, has_schedules: true });

      const response = await call('DELETE', `/customer/post/${post.id}`, token);
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ message: POST_MESSAGES.deleted, data: null });
      expect(existsSync(fileOf(post))).toBe(false);
      expect((await queue.getJobById(PUBLISH_QUEUE, jobId!))?.state).toBe('cancelled');
      expect((await queue.getJobById(PUBLISH_QUEUE, doneJobId!))?.state).toBe('created');
      expect(await db.select().from(scheduledInstances)).toEqual([]);
      expect((await call('DELETE', `/customer/post/${post.id}`, token)).status).toBe(404);
    });

    it('answers 404 when another customer edits or deletes a post, and never lists it', async () => {
      const post = await postWithMedia();
      const edit = await call('PATCH', `/customer/post/${post.id}`, strangerToken, {
        content: 'Mine now',
      });
      expect(edit.status).toBe(404);
      expect(edit.json.message).toBe(POST_MESSAGES.notFound);
      const before = await storedFiles();
      const upload = await send('PATCH', `/customer/post/${post.id}`, strangerToken, [
        { name: 'media', filename: 'x.png', type: 'image/png', bytes: PNG },
      ]);
      expect(upload.status).toBe(404);
      expect(await storedFiles()).toEqual(before);
      expect((await call('DELETE', `/customer/post/${post.id}`, strangerToken)).status).toBe(404);
      expect((await list(strangerToken)).json.data).toMatchObject({ rows: [], count: 0 });
      expect((await list(strangerToken, 'q=media')).json.data.count).toBe(0);
      expect((await list(strangerToken, `company_id=${companyId}`)).json.data.count).toBe(0);
      const still = await list(token, 'pageSize=1');
      expect(still.json.data.rows[0]).toMatchObject({ id: post.id, content: 'With media' });
    });

    it("refuses to move a post to another customer's entity", async () => {
      const strangerCompany = await addCompany(strangerToken, 'Snoop Co');
      const post = await addPost(token, { company_id: companyId, content: 'Stay' });
      const response = await call('PATCH', `/customer/post/${post.id}`, token, {
        company_id: strangerCompany,
      });
      expect(response.status).toBe(404);
      expect(response.json.message).toBe('Entity not found');
    });

    it('answers 404 for ids that are no ids', async () => {
      for (const method of ['PATCH', 'DELETE'] as const) {
        const response = await call(method, '/customer/post/12345', token, {});
        expect(response.status).toBe(404);
        expect(response.json.message).toBe(POST_MESSAGES.notFound);
      }
    });
  });

  it('answers one post to its owner only (the links of notifications open it)', async () => {
    const token = await customer('linked@example.com', 'free');
    const companyId = await addCompany(token, 'Linked Co');
    const post = await addPost(token, { company_id: companyId, content: 'Linked post' });
    const own = await call('GET', `/customer/post/${post.id}`, token);
    expect(own.status).toBe(200);
    expect(own.json.data).toMatchObject({ id: post.id, content: 'Linked post' });
    const other = await customer('not-linked@example.com', 'free');
    expect((await call('GET', `/customer/post/${post.id}`, other)).status).toBe(404);
  });

  it('lists the routes in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = response.json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(doc.paths['/api/customer/post'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(doc.paths['/api/customer/post/{id}'] ?? {}).sort()).toEqual([
      'delete',
      'get',
      'patch',
    ]);
  });

  describe('the monthly limit', () => {
    it('allows 5 posts made a month on the free plan, race or not, and 5 more next month', async () => {
      const token = await customer('monthly@example.com', 'free');
      const companyId = await addCompany(token, 'Monthly Co');
      for (let i = 0; i < 3; i++) await addPost(token, { company_id: companyId, content: `${i}` });
      // Deleting a post does not give its slot back: the limit counts posts made.
      const deleted = await addPost(token, { company_id: companyId, content: 'made, then gone' });
      expect((await call('DELETE', `/customer/post/${deleted.id}`, token)).status).toBe(200);
      const racing = await Promise.all(
        Array.from({ length: 4 }, () =>
          call('POST', '/customer/post', token, { company_id: companyId, content: 'race' }),
        ),
      );
      expect(racing.filter((response) => response.status === 201)).toHaveLength(1);
      const refused = racing.filter((response) => response.status === 403);
      expect(refused).toHaveLength(3);
      expect(refused[0]?.json.message).toBe(POST_MESSAGES.monthlyLimit(5));

      const sixth = await send('POST', '/customer/post', token, [
        { name: 'company_id', value: companyId },
        { name: 'content', value: 'sixth' },
        { name: 'media', filename: 'a.png', type: 'image/png', bytes: PNG },
      ]);
      expect(sixth.status).toBe(403);
      expect(sixth.json.message).toBe(POST_MESSAGES.monthlyLimit(5));

      t.clock.advance(3 * 24 * 3600); // 2026-12-02
      const nextMonth = await call('POST', '/customer/post', token, {
        company_id: companyId,
        content: 'December',
      });
      expect(nextMonth.status).toBe(201);
      expect(nextMonth.json.data.created_at).toMatch(/^2026-12-02/);
    });
  });
});
