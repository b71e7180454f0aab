import { NETWORK_TEXT_LIMITS } from '@cadence/shared';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createFacebookAdapter,
  listFacebookPages,
} from '../../src/integrations/networks/facebook.js';
import { classifyMetaError } from '../../src/integrations/networks/meta-graph.js';
import type { PublishMedia } from '../../src/integrations/networks/types.js';
import { startFakeFacebook } from '@cadence/fakes';
import { failureOf } from '../helpers/network-failure.js';

const IMAGE_BYTES = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const image: PublishMedia = {
  url: 'https://media.example.com/rocket.png',
  mimeType: 'image/png',
  open: () => Promise.resolve(new Blob([IMAGE_BYTES])),
};

describe('Facebook Pages adapter', () => {
  let fake: Awaited<ReturnType<typeof startFakeFacebook>>;
  let adapter: ReturnType<typeof createFacebookAdapter>;
  let hasty: ReturnType<typeof createFacebookAdapter>;

  beforeAll(async () => {
    fake = await startFakeFacebook({ pageSize: 1 });
    adapter = createFacebookAdapter({ baseUrl: fake.baseUrl, timeoutMs: 3_000 });
    hasty = createFacebookAdapter({ baseUrl: fake.baseUrl, timeoutMs: 300 });
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('lists every page the user token manages, following the paging cursor', async () => {
    const pages = await listFacebookPages({ baseUrl: fake.baseUrl }, fake.validCredentials);
    expect(pages).toEqual(fake.pages);
    expect(fake.calls.accounts).toBe(2);
  });

  it('refuses the page list for a wrong user token or app secret, without echoing them', async () => {
    const badToken = await failureOf(
      listFacebookPages(
        { baseUrl: fake.baseUrl },
        { ...fake.validCredentials, accessToken: 'EAAGstolen' },
      ),
    );
    expect(badToken.kind).toBe('auth');
    expect(badToken.details.code).toBe('190');
    expect(badToken.message).not.toContain('EAAGstolen');
    const badSecret = await failureOf(
      listFacebookPages(
        { baseUrl: fake.baseUrl },
        { ...fake.validCredentials, appSecret: 'wrong' },
      ),
    );
    expect(badSecret.kind).toBe('auth');
    expect(badSecret.message).toMatch(/appsecret_proof/);
  });

  it('verifies by reading the page with its page token', async () => {
    await expect(adapter.verify(fake.validCredentials)).resolves.toEqual({
      accountId: '1010',
      accountName: 'Acme Rockets',
    });
  });

  it('reports a bad page token or a missing page as an auth failure', async () => {
    const credentials = { ...fake.validCredentials, pageAccessToken: 'EAAGexpired' };
    const error = await failureOf(adapter.verify(credentials));
    expect(error.kind).toBe('auth');
    expect(error.message).not.toContain('EAAGexpired');
    const calls = fake.calls.page;
    const noPage = await failureOf(adapter.verify({ ...fake.validCredentials, pageId: '' }));
    expect(noPage.kind).toBe('auth');
    expect(fake.calls.page).toBe(calls);
  });

  it('publishes text to the page feed', async () => {
    const result = await adapter.publish({ text: 'Launch day!' }, fake.validCredentials);
    const post = fake.posts.at(-1)!;
    expect(post).toMatchObject({ endpoint: 'feed', pageId: '1010', message: 'Launch day!' });
    expect(result).toEqual({ externalId: post.id, url: `https://www.facebook.com/${post.id}` });
    expect(result.externalId).toMatch(/^1010_\d+$/);
  });

  it('publishes text with a link as a link post', async () => {
    const link = 'https://acme.example.com/launch';
    await adapter.publish({ text: 'Read about the launch', link }, fake.validCredentials);
    expect(fake.posts.at(-1)).toMatchObject({
      endpoint: 'feed',
      message: 'Read about the launch',
      link,
    });
  });

  it('uploads an image as a photo post, with the link in the caption', async () => {
    const result = await adapter.publish(
      { text: 'Our new engine', link: 'https://acme.example.com/engine', media: image },
      fake.validCredentials,
    );
    const post = fake.posts.at(-1)!;
    expect(post).toMatchObject({
      endpoint: 'photos',
      caption: 'Our new engine\n\nhttps://acme.example.com/engine',
      upload: { bytes: IMAGE_BYTES.length, mimeType: 'image/png', fileName: 'image.png' },
    });
    expect(result).toEqual({ externalId: post.id, url: `https://www.facebook.com/${post.id}` });
  });

  it('posts a video by its public URL', async () => {
    const video = { ...image, url: 'https://media.example.com/launch.mp4', mimeType: 'video/mp4' };
    const result = await adapter.publish({ text: 'Liftoff', media: video }, fake.validCredentials);
    expect(fake.posts.at(-1)).toMatchObject({
      endpoint: 'videos',
      caption: 'Liftoff',
      mediaUrl: video.url,
    });
    expect(result.externalId).toBe(fake.posts.at(-1)!.id);
  });

  it('treats a page token without posting rights on the page as auth', async () => {
    const credentials = { ...fake.validCredentials, pageId: '2020' };
    const error = await failureOf(adapter.publish({ text: 'Wrong page' }, credentials));
    expect(error).toMatchObject({ kind: 'auth', details: { code: '200' } });
  });

  it('rejects a duplicate post as invalid with Facebook’s reason', async () => {
    await adapter.publish({ text: 'Same again' }, fake.validCredentials);
    const error = await failureOf(adapter.publish({ text: 'Same again' }, fake.validCredentials));
    expect(error).toMatchObject({ kind: 'invalid', message: 'Duplicate status message' });
    expect(error.details).toMatchObject({ status: 400, code: '506' });
  });

  it('classifies an expired token, throttling and server errors', async () => {
    fake.failNext('unauthorized');
    const expired = await failureOf(adapter.publish({ text: 'a' }, fake.validCredentials));
    expect(expired).toMatchObject({ kind: 'auth', details: { status: 401, code: '190/463' } });

    fake.failNext('rate-limited');
    const throttled = await failureOf(adapter.publish({ text: 'b' }, fake.validCredentials));
    expect(throttled).toMatchObject({
      kind: 'rate-limited',
      details: { code: '32', retryAfterSeconds: 120 },
    });

    fake.failNext('server-error');
    const broken = await failureOf(adapter.publish({ text: 'c' }, fake.validCredentials));
    expect(broken).toMatchObject({ kind: 'transient', details: { status: 500 } });

    fake.failNext('invalid');
    expect((await failureOf(adapter.publish({ text: 'd' }, fake.validCredentials))).kind).toBe(
      'invalid',
    );
  });

  it('honours Retry-After on a bare 429', () => {
    const error = classifyMetaError('facebook', {
      status: 429,
      headers: new Headers({ 'retry-after': '17' }),
      body: undefined,
    });
    expect(error).toMatchObject({
      kind: 'rate-limited',
      details: { status: 429, retryAfterSeconds: 17 },
    });
  });

  it('calls a publish without an answer unconfirmed, and a read without one transient', async () => {
    fake.failNext('hang', 1, 'feed');
    const publish = await failureOf(
      hasty.publish({ text: 'Into the void' }, fake.validCredentials),
    );
    expect(publish.kind).toBe('unconfirmed');
    fake.failNext('hang', 1, 'page');
    expect((await failureOf(hasty.verify(fake.validCredentials))).kind).toBe('transient');
  });

  it('calls an unreachable server transient, even when publishing', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const offline = createFacebookAdapter({ baseUrl: `http://127.0.0.1:${port}/v25.0` });
    const error = await failureOf(offline.publish({ text: 'Anyone?' }, fake.validCredentials));
    expect(error.kind).toBe('transient');
    expect(error.message).toBe("Could not reach Facebook. Check the server's internet connection.");
  });

  it('refuses over-long and empty posts before calling Facebook', async () => {
    const calls = { ...fake.calls };
    const tooLong = await failureOf(
      adapter.publish(
        { text: 'x'.repeat(NETWORK_TEXT_LIMITS.facebook + 1) },
        fake.validCredentials,
      ),
    );
    expect(tooLong.kind).toBe('invalid');
    expect(tooLong.message).toContain(String(NETWORK_TEXT_LIMITS.facebook));
    const empty = await failureOf(adapter.publish({ text: '  ' }, fake.validCredentials));
    expect(empty).toMatchObject({
      kind: 'invalid',
      message: 'Facebook needs text, a link or an image',
    });
    expect(fake.calls).toEqual(calls);
  });
});
