import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createBlueskyAdapter } from '../../src/integrations/networks/bluesky.js';
import type {
  BlueskyCredentials,
  NetworkAdapter,
  PublishMedia,
} from '../../src/integrations/networks/types.js';
import { startFakeBluesky } from '@cadence/fakes';
import { failureOf } from '../helpers/network-failure.js';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function image(overrides: Partial<PublishMedia> = {}): PublishMedia {
  return {
    url: 'https://cdn.example.com/dot.png',
    mimeType: 'image/png',
    open: () => Promise.resolve(new Blob([PNG])),
    altText: 'A single dot',
    ...overrides,
  };
}

describe('Bluesky adapter', () => {
  let fake: Awaited<ReturnType<typeof startFakeBluesky>>;
  let adapter: NetworkAdapter<BlueskyCredentials>;
  let credentials: BlueskyCredentials;

  /** For the tests of a service that never answers: a short wait, so they end quickly. */
  const impatient = () => createBlueskyAdapter({ serviceUrl: fake.baseUrl, timeoutMs: 300 });

  beforeEach(async () => {
    fake = await startFakeBluesky({ rateLimitSeconds: 42 });
    // Long enough for a loaded machine: only the tests that make the service hang wait less.
    adapter = createBlueskyAdapter({ serviceUrl: fake.baseUrl, timeoutMs: 5_000 });
    credentials = fake.validCredentials;
  });
  afterEach(() => fake.close());

  it('verifies an app password and names the account', async () => {
    expect(await adapter.verify(credentials)).toEqual({
      accountId: 'did:plc:fakealice',
      accountName: 'alice.test',
    });
  });

  it('rejects a wrong app password as auth, logging in only once', async () => {
    const error = await failureOf(adapter.verify({ ...credentials, appPassword: 'wrong' }));
    expect(error).toMatchObject({ kind: 'auth', message: 'Invalid identifier or password' });
    expect(fake.calls['com.atproto.server.createSession']).toBe(1);
  });

  it('does not let a cached session vouch for a wrong password', async () => {
    await adapter.verify(credentials);
    const error = await failureOf(adapter.verify({ ...credentials, appPassword: 'wrong' }));
    expect(error.kind).toBe('auth');
  });

  it('publishes text and answers the record uri and web address', async () => {
    const result = await adapter.publish({ text: 'Hello from Cadence' }, credentials);
    const [post] = fake.posts;
    expect(post?.text).toBe('Hello from Cadence');
    expect(result.externalId).toBe(post?.uri);
    const rkey = post?.uri.split('/').at(-1);
    expect(result.url).toBe(`https://bsky.app/profile/alice.test/post/${rkey}`);
  });

  it('publishes a link as a card, with a clickable link and tag in the text', async () => {
    const link = 'https://example.com/launch';
    await adapter.publish({ text: `We launched: ${link} #news`, link }, credentials);
    const record = fake.posts[0]?.record;
    expect(record?.embed).toEqual({
      $type: 'app.bsky.embed.external',
      external: { uri: link, title: 'example.com', description: '' },
    });
    expect(record?.facets).toEqual([
      expect.objectContaining({ index: { byteStart: 13, byteEnd: 39 } }),
      expect.objectContaining({
        index: { byteStart: 40, byteEnd: 45 },
        features: [{ $type: 'app.bsky.richtext.facet#tag', tag: 'news' }],
      }),
    ]);
    expect(fake.posts[0]?.link).toBe(link);
  });

  it('places facets by UTF-8 bytes after emoji and accented letters', async () => {
    // "Café " is 6 bytes, the family emoji 18, the space 1: the link starts at byte 25.
    const text = 'Café 👩‍👩‍👧 https://example.com/ü déjà #réunion!';
    await adapter.publish({ text }, credentials);
    const facets = fake.posts[0]?.record.facets;
    expect(facets).toEqual([
      {
        $type: 'app.bsky.richtext.facet',
        index: { byteStart: 25, byteEnd: 47 },
        features: [{ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/ü' }],
      },
      {
        $type: 'app.bsky.richtext.facet',
        index: { byteStart: 55, byteEnd: 64 },
        features: [{ $type: 'app.bsky.richtext.facet#tag', tag: 'réunion' }],
      },
    ]);
  });

  it('uploads an image and embeds it with its alt text and shape', async () => {
    await adapter.publish({ text: 'A picture', media: image() }, credentials);
    expect(fake.calls['com.atproto.repo.uploadBlob']).toBe(1);
    expect(fake.posts[0]?.media).toEqual([
      { mimeType: 'image/png', size: PNG.length, alt: 'A single dot' },
    ]);
    const embed = fake.posts[0]?.record.embed as { images: Array<{ aspectRatio: unknown }> };
    expect(embed.images[0]?.aspectRatio).toEqual({ width: 1, height: 1 });
  });

  it('adds the link to the text when an image takes the embed', async () => {
    const link = 'https://example.com/a';
    await adapter.publish({ text: 'See', link, media: image() }, credentials);
    expect(fake.posts[0]?.text).toBe(`See\n\n${link}`);
    expect(fake.posts[0]?.link).toBe(link);
  });

  it('reuses one session for twenty posts', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => adapter.publish({ text: `Post ${i}` }, credentials)),
    );
    expect(fake.posts).toHaveLength(20);
    expect(fake.calls['com.atproto.server.createSession']).toBe(1);
  });

  it('refreshes an expired access token and posts', async () => {
    await adapter.publish({ text: 'First' }, credentials);
    fake.expireAccessTokens();
    await adapter.publish({ text: 'Second' }, credentials);
    expect(fake.posts.map((post) => post.text)).toEqual(['First', 'Second']);
    expect(fake.calls['com.atproto.server.refreshSession']).toBe(1);
    expect(fake.calls['com.atproto.server.createSession']).toBe(1);
  });

  it('logs in again once when the refresh token has run out too', async () => {
    await adapter.publish({ text: 'First' }, credentials);
    fake.expireAllTokens();
    await adapter.publish({ text: 'Second' }, credentials);
    expect(fake.posts).toHaveLength(2);
    expect(fake.calls['com.atproto.server.createSession']).toBe(2);
  });

  it('logs in again after one 401, and reports auth when it persists', async () => {
    await adapter.verify(credentials);
    fake.failNext('unauthorized', 1, 'com.atproto.repo.createRecord');
    await adapter.publish({ text: 'Recovered' }, credentials);
    fake.failNext('unauthorized', 2, 'com.atproto.repo.createRecord');
    const error = await failureOf(adapter.publish({ text: 'Refused' }, credentials));
    expect(error).toMatchObject({ kind: 'auth', details: { status: 401 } });
    expect(fake.posts.map((post) => post.text)).toEqual(['Recovered']);
  });

  it('classifies a rate limit with the seconds until it resets', async () => {
    fake.failNext('rate-limited', 1, 'com.atproto.repo.createRecord');
    const error = await failureOf(adapter.publish({ text: 'Too many' }, credentials));
    expect(error.kind).toBe('rate-limited');
    expect(error.details.retryAfterSeconds).toBeGreaterThanOrEqual(41);
    expect(error.details.retryAfterSeconds).toBeLessThanOrEqual(42);
  });

  it('classifies a server error as transient', async () => {
    fake.failNext('server-error', 1, 'com.atproto.repo.createRecord');
    const error = await failureOf(adapter.publish({ text: 'Oops' }, credentials));
    expect(error).toMatchObject({ kind: 'transient', details: { status: 500 } });
  });

  it('reports a post whose answer never came as unconfirmed', async () => {
    fake.failNext('hang', 1, 'com.atproto.repo.createRecord');
    expect((await failureOf(impatient().publish({ text: 'Lost' }, credentials))).kind).toBe(
      'unconfirmed',
    );
  });

  it('treats timeouts before the post itself as transient', async () => {
    fake.failNext('hang', 1, 'com.atproto.server.createSession');
    expect((await failureOf(impatient().verify(credentials))).kind).toBe('transient');
    fake.failNext('hang', 1, 'com.atproto.repo.uploadBlob');
    const error = await failureOf(
      impatient().publish({ text: 'Pic', media: image() }, credentials),
    );
    expect(error.kind).toBe('transient');
  });

  it('sends the image again in place after a passing server error: one attempt posts', async () => {
    const uploads = fake.calls['com.atproto.repo.uploadBlob'] ?? 0;
    fake.failNext('server-error', 1, 'com.atproto.repo.uploadBlob');
    const result = await adapter.publish({ text: 'Pic again', media: image() }, credentials);
    expect(result.externalId).toBeTruthy();
    expect(fake.calls['com.atproto.repo.uploadBlob']).toBe(uploads + 2);
  });

  it('classifies a rejected record as invalid with the reason', async () => {
    fake.failNext('invalid', 1, 'com.atproto.repo.createRecord');
    const error = await failureOf(adapter.publish({ text: 'Bad' }, credentials));
    expect(error).toMatchObject({ kind: 'invalid', details: { code: 'InvalidRequest' } });
    expect(error.message).toMatch(/Invalid app.bsky.feed.post record/);
  });

  it('counts graphemes and refuses a 301st without calling', async () => {
    const accented = 'e\u0301'; // one grapheme, two UTF-16 units
    await adapter.publish({ text: accented.repeat(300) }, credentials);
    const calls = { ...fake.calls };
    const error = await failureOf(adapter.publish({ text: accented.repeat(301) }, credentials));
    expect(error).toMatchObject({ kind: 'invalid' });
    expect(error.message).toMatch(/300 characters/);
    expect(fake.calls).toEqual(calls);
  });

  it('refuses a video without calling', async () => {
    const video = image({ mimeType: 'video/mp4' });
    const error = await failureOf(adapter.publish({ text: 'Clip', media: video }, credentials));
    expect(error.kind).toBe('invalid');
    expect(fake.calls).toEqual({});
  });

  describe('a PDS named in the session', () => {
    // The same fake under another name: were the guard missing, the request would arrive.
    const elsewhere = () => fake.baseUrl.replace('127.0.0.1', 'localhost');

    it.each([
      ['a name that resolves to a loopback address', () => elsewhere()],
      ['a literal private address', () => 'http://10.0.0.1:2583'],
      ['an IPv4-compatible loopback address', () => 'http://[::7f00:1]:2583'],
    ])('is refused on %s before any request is sent', async (_, pds) => {
      fake.namePds(pds());
      const error = await failureOf(adapter.publish({ text: 'Hello' }, credentials));
      expect(error).toMatchObject({ kind: 'auth', details: { code: 'BLOCKED_ADDRESS' } });
      expect(error.message).toContain('private or local address');
      // Only the login reached the (configured) service; nothing went to the PDS.
      expect(fake.calls).toEqual({ 'com.atproto.server.createSession': 1 });
      expect(fake.posts).toEqual([]);
    });

    it('is used when FETCH_ALLOW_HOSTS lets its host through', async () => {
      fake.namePds(elsewhere());
      const allowed = createBlueskyAdapter({
        serviceUrl: fake.baseUrl,
        timeoutMs: 5_000,
        allowHosts: ['localhost'],
      });
      await allowed.publish({ text: 'Hello' }, credentials);
      expect(fake.calls['com.atproto.repo.createRecord']).toBe(1);
    });
  });

  it('reports an unreachable service as transient', async () => {
    await fake.close();
    const error = await failureOf(adapter.publish({ text: 'Anyone?' }, credentials));
    expect(error).toMatchObject({ kind: 'transient', details: { code: 'ECONNREFUSED' } });
  });
});
