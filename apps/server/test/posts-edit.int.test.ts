import { existsSync } from 'node:fs';
import path from 'node:path';
import { POST_MESSAGES, SCHEDULE_MESSAGES, type Post } from '@cadence/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { scheduledInstances, schedules } from '../src/db/schema.js';
import { engines } from './helpers/databases.js';
import { PNG } from './helpers/media.js';
import { usePostsApp } from './helpers/posts-kit.js';

describe.each(engines)('posts: editing and deleting on %s', (engine) => {
  const kit = usePostsApp(engine);
  const { call, send, customer, addCompany, addPost, list, storedFiles } = kit;

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
      kit.t.clock.advance(1);
      const response = await send('POST', '/customer/post', token, [
        { name: 'company_id', value: companyId },
        { name: 'content', value: 'With media' },
        { name: 'media', filename, type: 'image/png', bytes },
      ]);
      expect(response.status).toBe(201);
      return response.json.data;
    }

    const fileOf = (post: Post) =>
      path.join(kit.uploadsDir, post.attachments[0]!.media_url.slice(9));

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

    it('refuses a link whose parsed scheme is not http or https, and keeps the old one', async () => {
      const post = await addPost(token, {
        company_id: companyId,
        content: 'Linked',
        url: 'example.com/a',
      });
      for (const url of ["javascript:alert(1)+'@x.com", 'data:text/html,hi', 'mailto:a@x.com']) {
        for (const answer of [
          await call('PATCH', `/customer/post/${post.id}`, token, { url }),
          await send('PATCH', `/customer/post/${post.id}`, token, [{ name: 'url', value: url }]),
        ]) {
          expect(answer.status, url).toBe(400);
          expect(answer.json.code).toBe('VALIDATION_FAILED');
          expect(answer.json.message).toBe(
            'URL must be an http:// or https:// address, like example.com/article',
          );
        }
      }
      const listed = (await list(token)).json.data.rows;
      expect(listed.find((row) => row.id === post.id)?.url).toBe('example.com/a');
    });

    it('deletes the post and its file, and leaves no publish run waiting', async () => {
      const post = await postWithMedia();
      const db = kit.t.infra.database.db;
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
      await db.insert(scheduledInstances).values([
        {
          scheduleId: schedule!.id,
          postId: post.id,
          userId: schedule!.userId,
          scheduledFor: later,
          runAt: later,
        },
        {
          scheduleId: schedule!.id,
          postId: post.id,
          userId: schedule!.userId,
          scheduledFor: later,
          status: 'published',
        },
      ]);
      const listed = await list(token, 'pageSize=1');
      expect(listed.json.data.rows[0]).toMatchObject({ id: post.id, has_schedules: true });

      const response = await call('DELETE', `/customer/post/${post.id}`, token);
      expect(response.status).toBe(200);
      expect(response.json).toEqual({ message: POST_MESSAGES.deleted, data: null });
      expect(existsSync(fileOf(post))).toBe(false);
      // Each occurrence is its own publish job (decision 130): gone with the post, nothing
      // is left for the publisher to take.
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
});
