import { existsSync } from 'node:fs';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { MEDIA_MAX_BYTES, MEDIA_MESSAGES, type Post } from '@cadence/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { engines } from './helpers/databases.js';
import {
  GIF,
  JPEG,
  MP4,
  PNG,
  QUICKTIME,
  streamedMultipart,
  TEXT_FILE,
  WEBM,
} from './helpers/media.js';
import { apiCall } from './helpers/api.js';
import { usePostsApp } from './helpers/posts-kit.js';

/** The engine's own collector, switched on for the memory check only. */
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

describe.each(engines)('posts: media on %s', (engine) => {
  const kit = usePostsApp(engine);
  const { call, send, customer, addCompany, storedFiles, partialFiles } = kit;

  describe('media on create', () => {
    let token: string;
    let companyId: string;
    beforeAll(async () => {
      token = await customer('writer@example.com');
      companyId = await addCompany(token, 'Writer Co');
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
      const file = await kit.t.app.inject({ method: 'GET', url: attachment!.media_url });
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
      const response = await apiCall<Post>(
        kit.t.app,
        'POST',
        '/customer/post',
        token,
        upload.payload,
        {
          headers: upload.headers,
        },
      );
      clearInterval(sampler);
      peak = Math.max(peak, usage());
      expect(response.status).toBe(413);
      expect(response.json.message).toBe(MEDIA_MESSAGES.size);
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
      const response = await apiCall<Post>(
        kit.t.app,
        'POST',
        '/customer/post',
        token,
        upload.payload,
        {
          headers: upload.headers,
        },
      );
      expect(response.status).toBe(201);
      const [attachment] = response.json.data.attachments;
      expect(attachment?.mime_type).toBe('image/png');
      const deleted = await call('DELETE', `/customer/post/${response.json.data.id}`, token);
      expect(deleted.status).toBe(200);
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
  });

  describe('media on edit', () => {
    let token: string;
    let companyId: string;
    beforeAll(async () => {
      token = await customer('editor@example.com');
      companyId = await addCompany(token, 'Editor Co');
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
  });
});
