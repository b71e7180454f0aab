import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createInstagramAdapter } from '../../src/integrations/networks/instagram.js';
import type { PublishMedia } from '../../src/integrations/networks/types.js';
import { startFakeInstagram } from '@cadence/fakes';
import { keepingContexts } from '../helpers/kept-containers.js';
import { failureOf } from '../helpers/network-failure.js';

const image: PublishMedia = {
  url: 'https://media.example.com/rocket.jpg',
  mimeType: 'image/jpeg',
  open: () => Promise.reject(new Error('Instagram fetches media by URL')),
  altText: 'A rocket on the pad',
};
const video: PublishMedia = {
  ...image,
  url: 'https://media.example.com/launch.mp4',
  mimeType: 'video/mp4',
};

describe('Instagram adapter', () => {
  let fake: Awaited<ReturnType<typeof startFakeInstagram>>;
  let adapter: ReturnType<typeof createInstagramAdapter>;
  let hasty: ReturnType<typeof createInstagramAdapter>;
  let credentials: { accessToken: string; igUserId: string };

  beforeAll(async () => {
    fake = await startFakeInstagram({ pollsInProgress: 2 });
    const config = { baseUrl: fake.baseUrl, pollIntervalMs: 5, maxPolls: 4 };
    adapter = createInstagramAdapter({ ...config, timeoutMs: 3_000 });
    hasty = createInstagramAdapter({ ...config, timeoutMs: 300 });
    credentials = { ...fake.validCredentials, igUserId: fake.igUser.id };
  });
  afterEach(() => {
    fake.state.pollsInProgress = 2;
    fake.state.containerError = null;
  });
  afterAll(async () => {
    await fake?.close();
  });

  it('finds the Instagram account behind the token’s pages', async () => {
    await expect(adapter.verify(fake.validCredentials)).resolves.toEqual({
      accountId: fake.igUser.id,
      accountName: fake.igUser.username,
    });
  });

  it('reports a bad token, or one without a linked Instagram account, as auth', async () => {
    const bad = await failureOf(adapter.verify({ accessToken: 'EAAGnope' }));
    expect(bad).toMatchObject({ kind: 'auth', details: { code: '190' } });
    const unlinked = await failureOf(adapter.verify({ accessToken: fake.unlinkedToken }));
    expect(unlinked.kind).toBe('auth');
    expect(unlinked.message).toMatch(/No Instagram professional account/);
  });

  it('publishes an image: container, status checks until FINISHED, then media_publish', async () => {
    const statusChecks = fake.calls.status ?? 0;
    const accountReads = fake.calls.accounts ?? 0;
    const result = await adapter.publish(
      { text: 'Ready for launch', link: 'https://acme.example.com/launch', media: image },
      credentials,
    );
    const post = fake.posts.at(-1)!;
    expect(post).toMatchObject({
      mediaType: 'IMAGE',
      caption: 'Ready for launch\n\nhttps://acme.example.com/launch',
      mediaUrl: image.url,
      altText: 'A rocket on the pad',
    });
    expect(result.externalId).toBe(post.id);
    expect(result.url).toBe(`${fake.origin}/p/${post.id}/`);
    expect(fake.calls.status).toBe(statusChecks + 3);
    expect(fake.calls.accounts ?? 0).toBe(accountReads);
  });

  it('publishes a video as a reel, finding the account first when no id is stored', async () => {
    const accountReads = fake.calls.accounts ?? 0;
    const result = await adapter.publish({ text: 'Liftoff', media: video }, fake.validCredentials);
    expect(fake.posts.at(-1)).toMatchObject({
      mediaType: 'REELS',
      caption: 'Liftoff',
      mediaUrl: video.url,
    });
    expect(result.externalId).toBe(fake.posts.at(-1)!.id);
    expect(fake.calls.accounts).toBe(accountReads + 1);
  });

  it('takes over the container an attempt kept before it died, never one for other content', async () => {
    const { kept, keeping, dying } = keepingContexts();
    const post = { text: 'Kept for the next attempt', media: image };
    // The first attempt keeps its container, then dies before media_publish (`dying`).
    await expect(adapter.publish(post, credentials, dying)).rejects.toThrow('killed');
    expect(kept).toHaveLength(1);
    const made = fake.calls.media ?? 0;
    const posts = fake.posts.length;

    const result = await adapter.publish({ ...post, kept: kept[0] }, credentials, keeping);
    expect(fake.calls.media ?? 0).toBe(made);
    expect(kept).toHaveLength(1);
    expect(fake.posts).toHaveLength(posts + 1);
    expect(fake.posts.at(-1)).toMatchObject({ id: result.externalId, caption: post.text });

    // Edited since: the kept container holds the old caption, so a new one is made.
    await adapter.publish({ text: 'Edited since', media: image, kept: kept[0] }, credentials);
    expect(fake.calls.media).toBe(made + 1);
    expect(fake.posts.at(-1)?.caption).toBe('Edited since');
    // Another account's attempt never takes it either.
    const other = fake.account(2);
    await adapter.publish(
      { ...post, kept: kept[0] },
      { ...other.credentials, igUserId: other.user.id },
    );
    expect(fake.calls.media).toBe(made + 2);
    // Published already: never published again, a new container is made as without one.
    await adapter.publish({ ...post, kept: kept[0] }, credentials);
    expect(fake.calls.media).toBe(made + 3);
  });

  it('refuses posts Instagram cannot take before any call', async () => {
    const calls = { ...fake.calls };
    const noMedia = await failureOf(adapter.publish({ text: 'Just words' }, credentials));
    expect(noMedia).toMatchObject({
      kind: 'invalid',
      message: 'Instagram needs an image or video',
    });
    const link = 'https://acme.example.com/a-long-story';
    const tooLong = await failureOf(
      adapter.publish({ text: 'x'.repeat(2190), link, media: image }, credentials),
    );
    expect(tooLong.kind).toBe('invalid');
    expect(tooLong.message).toMatch(/2200/);
    const hashtags = Array.from({ length: 31 }, (_, i) => `#tag${i}`).join(' ');
    expect(
      (await failureOf(adapter.publish({ text: hashtags, media: image }, credentials))).kind,
    ).toBe('invalid');
    const webm = { ...video, mimeType: 'video/webm' };
    expect(
      (await failureOf(adapter.publish({ text: 'Clip', media: webm }, credentials))).kind,
    ).toBe('invalid');
    expect(fake.calls).toEqual(calls);
  });

  it('calls a container Instagram could not process invalid, and never publishes it', async () => {
    fake.state.containerError = 'ERROR: Media download has failed';
    const published = fake.calls.media_publish ?? 0;
    const error = await failureOf(adapter.publish({ text: 'Broken', media: image }, credentials));
    expect(error.kind).toBe('invalid');
    expect(error.message).toContain('Media download has failed');
    expect(fake.calls.media_publish ?? 0).toBe(published);
  });

  it('gives up on a container still processing after the poll budget, as transient', async () => {
    fake.state.pollsInProgress = 10;
    const published = fake.calls.media_publish ?? 0;
    const error = await failureOf(adapter.publish({ text: 'Slow', media: video }, credentials));
    expect(error.kind).toBe('transient');
    expect(fake.calls.media_publish ?? 0).toBe(published);
  });

  it('classifies an expired token, throttling, server errors and a rejected media URL', async () => {
    fake.failNext('unauthorized', 1, 'media');
    const expired = await failureOf(adapter.publish({ text: 'a', media: image }, credentials));
    expect(expired).toMatchObject({ kind: 'auth', details: { status: 401, code: '190/463' } });

    fake.failNext('rate-limited', 1, 'media_publish');
    const throttled = await failureOf(adapter.publish({ text: 'b', media: image }, credentials));
    expect(throttled).toMatchObject({
      kind: 'rate-limited',
      details: { code: '4', retryAfterSeconds: 180 },
    });

    // A status check is a read: asked again in place three times (decision 129), so the
    // attempt fails only when all four answers are errors.
    fake.failNext('server-error', 4, 'status');
    expect((await failureOf(adapter.publish({ text: 'c', media: image }, credentials))).kind).toBe(
      'transient',
    );

    fake.failNext('invalid', 1, 'media');
    const rejected = await failureOf(adapter.publish({ text: 'd', media: image }, credentials));
    expect(rejected).toMatchObject({ kind: 'invalid', details: { code: '9004/2207052' } });
  });

  it('calls a media_publish without an answer unconfirmed, and earlier steps transient', async () => {
    fake.failNext('hang', 1, 'media_publish');
    expect((await failureOf(hasty.publish({ text: 'e', media: image }, credentials))).kind).toBe(
      'unconfirmed',
    );
    fake.failNext('hang', 1, 'media');
    expect((await failureOf(hasty.publish({ text: 'f', media: image }, credentials))).kind).toBe(
      'transient',
    );
    fake.failNext('hang', 1, 'accounts');
    expect((await failureOf(hasty.verify(fake.validCredentials))).kind).toBe('transient');
  });

  it('still reports a published post when its permalink cannot be read', async () => {
    // The first read and its three retries in place (decision 129).
    fake.failNext('server-error', 4, 'permalink');
    const result = await adapter.publish({ text: 'g', media: image }, credentials);
    expect(result).toEqual({ externalId: fake.posts.at(-1)!.id, url: null });
  });
});
