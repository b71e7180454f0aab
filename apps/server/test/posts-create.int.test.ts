import { POST_MESSAGES, SCHEDULE_MESSAGES } from '@cadence/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { engines } from './helpers/databases.js';
import { PNG } from './helpers/media.js';
import { usePostsApp } from './helpers/posts-kit.js';

describe.each(engines)('posts: creating on %s', (engine) => {
  const kit = usePostsApp(engine);
  const { call, send, customer, addCompany, list } = kit;

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
      expect(response.json.message).toBe(SCHEDULE_MESSAGES.networkNotConnected('X'));
      const listed = await list(token, 'q=Promised');
      expect(listed.json.data.count).toBe(0);
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

    it('stores only http and https links, like an entity website', async () => {
      const before = (await list(token)).json.data.count;
      for (const url of [
        'javascript:alert(1)',
        // Read as https://javascript:alert(1)+'@x.com by a rule that adds a missing https://.
        "javascript:alert(1)+'@x.com",
        'JavaScript:alert(document.cookie)',
        'data:text/html,hi',
        'ftp://example.com/a',
      ]) {
        for (const answer of [
          await call('POST', '/customer/post', token, {
            company_id: companyId,
            content: 'Link',
            url,
          }),
          await send('POST', '/customer/post', token, [
            { name: 'company_id', value: companyId },
            { name: 'content', value: 'Link' },
            { name: 'url', value: url },
          ]),
        ]) {
          expect(answer.status, url).toBe(400);
          expect(answer.json.message).toBe(
            'URL must be an http:// or https:// address, like example.com/article',
          );
        }
      }
      expect((await list(token)).json.data.count).toBe(before);
      const fine = await call('POST', '/customer/post', token, {
        company_id: companyId,
        content: 'Link',
        url: 'http://example.com/a',
      });
      expect(fine.status).toBe(201);
      expect(fine.json.data.url).toBe('http://example.com/a');
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
});
