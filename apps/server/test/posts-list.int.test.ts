import { beforeAll, describe, expect, it } from 'vitest';
import { engines } from './helpers/databases.js';
import { usePostsApp } from './helpers/posts-kit.js';

describe.each(engines)('posts: the list and search on %s', (engine) => {
  const kit = usePostsApp(engine);
  const { customer, addCompany, addPost, list } = kit;

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

    it('counts a few pages ahead, with the page or alone past the end (decision 041)', async () => {
      const near = await list(token, 'pageSize=2');
      expect(near.json.data).toMatchObject({ count: 12, count_is_exact: false });
      expect(near.json.data.rows.map((row) => row.content)).toEqual(['#30', '#29']);
      const past = await list(token, 'pageSize=2&page=20');
      expect(past.json.data).toMatchObject({ rows: [], count: 30, count_is_exact: true });
      const entity = await list(token, `pageSize=5&company_id=${companyId}`);
      expect(entity.json.data).toMatchObject({ count: 30, count_is_exact: true });
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
      const response = await kit.t.app.inject({ method: 'GET', url: '/api/customer/post' });
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

  it('answers one post to its owner only (the links of notifications open it)', async () => {
    const token = await customer('linked@example.com');
    const companyId = await addCompany(token, 'Linked Co');
    const post = await addPost(token, { company_id: companyId, content: 'Linked post' });
    const own = await kit.call('GET', `/customer/post/${post.id}`, token);
    expect(own.status).toBe(200);
    expect(own.json.data).toMatchObject({ id: post.id, content: 'Linked post' });
    const other = await customer('not-linked@example.com');
    const stranger = await kit.call('GET', `/customer/post/${post.id}`, other);
    expect(stranger.status).toBe(404);
    expect((await kit.call('GET', '/customer/post/not-an-id', token)).status).toBe(404);
  });
});
