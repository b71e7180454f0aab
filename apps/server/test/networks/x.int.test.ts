import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xRetryAfterSeconds } from '../../src/integrations/networks/x-errors.js';
import { hmacSha1Signature, signatureBaseString } from '../../src/integrations/networks/x-oauth.js';
import type { PublishMedia } from '../../src/integrations/networks/types.js';
import { createXAdapter } from '../../src/integrations/networks/x.js';
import { startFakeX } from '@cadence/fakes';
import { failureOf } from '../helpers/network-failure.js';
import { closedPort } from '../helpers/ports.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

function image(overrides: Partial<PublishMedia> = {}): PublishMedia {
  return {
    url: 'https://cdn.example.com/rocket.png',
    mimeType: 'image/png',
    open: () => Promise.resolve(new Blob([PNG])),
    ...overrides,
  };
}

describe('X OAuth 1.0a signing', () => {
  // Vectors from Twitter's OAuth documentation, as kept in the oauth-sign package's tests.
  it('matches the documented request-token signature', () => {
    const base = signatureBaseString(
      'POST',
      new URL('https://api.twitter.com/oauth/request_token'),
      [
        [
          'oauth_callback',
          'http://localhost:3005/the_dance/process_callback?service_provider_id=11',
        ],
        ['oauth_consumer_key', 'GDdmIQH6jhtmLUypg82g'],
        ['oauth_nonce', 'QP70eNmVz8jvdPevU3oJD2AfF7R7odC2XJcn4XlZJqk'],
        ['oauth_signature_method', 'HMAC-SHA1'],
        ['oauth_timestamp', '1272323042'],
        ['oauth_version', '1.0'],
      ],
    );
    expect(hmacSha1Signature(base, 'MCD8BKwGdgPHvAuvgvz4EQpqDAtx89grbuNMRd7Eh98')).toBe(
      '8wUi7m5HFQy76nowoCThusfgB+Q=',
    );
  });

  it('matches the documented access-token signature, with a token secret', () => {
    const base = signatureBaseString(
      'POST',
      new URL('https://api.twitter.com/oauth/access_token'),
      [
        ['oauth_consumer_key', 'GDdmIQH6jhtmLUypg82g'],
        ['oauth_nonce', '9zWH6qe0qG7Lc1telCn7FhUbLyVdjEaL3MO5uHxn8'],
        ['oauth_signature_method', 'HMAC-SHA1'],
        ['oauth_token', '8ldIZyxQeVrFZXFOZH5tAwj6vzJYuLQpl0WUEYtWc'],
        ['oauth_timestamp', '1272323047'],
        ['oauth_verifier', 'pDNg57prOHapMbhv25RNf75lVRd6JDsni1AJJIDYoTY'],
        ['oauth_version', '1.0'],
      ],
    );
    expect(
      hmacSha1Signature(
        base,
        'MCD8BKwGdgPHvAuvgvz4EQpqDAtx89grbuNMRd7Eh98',
        'x6qpRnlEmW9JbQn4PQVVeVG8ZLPEx6A0TOebgwcuA',
      ),
    ).toBe('PUw/dHA4fnlJYM6RhXk5IU/0fCc=');
  });
});

describe('X retry-after', () => {
  const now = 1_800_000_000_000;
  it('prefers Retry-After, then a spent daily cap, then the window reset', () => {
    expect(xRetryAfterSeconds(new Headers({ 'retry-after': '42' }), now)).toBe(42);
    const daily = new Headers({
      'x-user-limit-24hour-remaining': '0',
      'x-user-limit-24hour-reset': String(now / 1000 + 3600),
      'x-rate-limit-reset': String(now / 1000 + 60),
    });
    expect(xRetryAfterSeconds(daily, now)).toBe(3600);
    expect(
      xRetryAfterSeconds(new Headers({ 'x-rate-limit-reset': String(now / 1000 + 90) }), now),
    ).toBe(90);
    expect(xRetryAfterSeconds(new Headers(), now)).toBe(900);
  });
});

describe('X adapter against the fake', () => {
  let fake: Awaited<ReturnType<typeof startFakeX>>;
  let adapter: ReturnType<typeof createXAdapter>;
  let impatient: ReturnType<typeof createXAdapter>;

  beforeAll(async () => {
    fake = await startFakeX();
    adapter = createXAdapter({ baseUrl: fake.baseUrl, timeoutMs: 5_000 });
    impatient = createXAdapter({ baseUrl: `${fake.baseUrl}/`, timeoutMs: 300 });
  });
  afterAll(() => fake?.close());

  it('verifies good credentials and answers the account', async () => {
    await expect(adapter.verify(fake.validCredentials)).resolves.toEqual({
      accountId: fake.user.id,
      accountName: fake.user.username,
    });
  });

  it('refuses a wrong secret or an unknown key as auth, without leaking them', async () => {
    for (const credentials of [
      { ...fake.validCredentials, accessTokenSecret: 'wrong-secret' },
      { ...fake.validCredentials, apiKey: 'unknown-key' },
    ]) {
      const error = await failureOf(adapter.verify(credentials));
      expect(error.kind).toBe('auth');
      expect(error.details.status).toBe(401);
      expect(error.message).not.toMatch(/wrong-secret|unknown-key|fake-x/);
    }
  });

  it('publishes text and answers the post id and URL', async () => {
    const result = await adapter.publish({ text: 'Launch day!' }, fake.validCredentials);
    const post = fake.posts.at(-1)!;
    expect(post).toMatchObject({ text: 'Launch day!', media: [] });
    expect(result).toEqual({ externalId: post.id, url: `https://x.com/i/web/status/${post.id}` });
  });

  it('appends the link unless the text already has it', async () => {
    await adapter.publish(
      { text: 'Read this', link: 'https://example.com/a' },
      fake.validCredentials,
    );
    expect(fake.posts.at(-1)?.text).toBe('Read this\n\nhttps://example.com/a');
    await adapter.publish(
      { text: 'Already in https://example.com/b', link: 'https://example.com/b' },
      fake.validCredentials,
    );
    expect(fake.posts.at(-1)?.text).toBe('Already in https://example.com/b');
  });

  it('uploads an image with its alt text and attaches it', async () => {
    const result = await adapter.publish(
      { text: 'With a picture', media: image({ altText: 'A rocket' }) },
      fake.validCredentials,
    );
    const post = fake.posts.at(-1)!;
    expect(result.externalId).toBe(post.id);
    expect(post.media).toEqual([
      expect.objectContaining({
        category: 'tweet_image',
        mimeType: 'image/png',
        size: PNG.length,
        altText: 'A rocket',
      }),
    ]);
  });

  it('uploads a video in chunks and waits for processing', async () => {
    const video = Buffer.alloc(1024 * 1024 + 10, 1);
    const before = fake.calls['POST /2/media/upload/:id/append'] ?? 0;
    await adapter.publish(
      {
        text: 'A video',
        media: image({ mimeType: 'video/mp4', open: () => Promise.resolve(new Blob([video])) }),
      },
      fake.validCredentials,
    );
    expect(fake.calls['POST /2/media/upload/:id/append']).toBe(before + 2);
    expect(fake.calls['GET /2/media/upload']).toBeGreaterThanOrEqual(1);
    expect(fake.posts.at(-1)?.media[0]).toMatchObject({
      category: 'tweet_video',
      size: video.length,
    });
  });

  it('rejects over-long text and unsupported media before calling X', async () => {
    const before = { ...fake.calls };
    const tooLong = await failureOf(
      adapter.publish({ text: 'a'.repeat(281) }, fake.validCredentials),
    );
    expect(tooLong.kind).toBe('invalid');
    expect(tooLong.message).toMatch(/281 of 280/);
    const pdf = await failureOf(
      adapter.publish(
        { text: 'Doc', media: image({ mimeType: 'application/pdf' }) },
        fake.validCredentials,
      ),
    );
    expect(pdf.kind).toBe('invalid');
    expect(fake.calls).toEqual(before);
    // 255 letters, the blank line and a link counted as 23 make exactly 280.
    await adapter.publish(
      { text: 'b'.repeat(255), link: 'https://example.com/' + 'x'.repeat(60) },
      fake.validCredentials,
    );
  });

  it('classifies 401, 429, 5xx and a content rejection', async () => {
    fake.failNext('unauthorized', 1, 'POST /2/tweets');
    expect((await failureOf(adapter.publish({ text: 'one' }, fake.validCredentials))).kind).toBe(
      'auth',
    );

    fake.failNext('rate-limited', 1, 'POST /2/tweets');
    const limited = await failureOf(adapter.publish({ text: 'two' }, fake.validCredentials));
    expect(limited.kind).toBe('rate-limited');
    expect(limited.details.retryAfterSeconds).toBeGreaterThanOrEqual(fake.rateWindowSeconds - 2);
    expect(limited.details.retryAfterSeconds).toBeLessThanOrEqual(fake.rateWindowSeconds);

    fake.failNext('server-error', 1, 'POST /2/tweets');
    const down = await failureOf(adapter.publish({ text: 'three' }, fake.validCredentials));
    expect(down).toMatchObject({ kind: 'transient', details: { status: 503 } });

    fake.failNext('invalid', 1, 'POST /2/tweets');
    const rejected = await failureOf(adapter.publish({ text: 'four' }, fake.validCredentials));
    expect(rejected).toMatchObject({ kind: 'invalid', message: 'Your Tweet text is too long.' });
  });

  it('classifies a duplicate as invalid', async () => {
    await adapter.publish({ text: 'Same words' }, fake.validCredentials);
    const error = await failureOf(adapter.publish({ text: 'Same words' }, fake.validCredentials));
    expect(error).toMatchObject({ kind: 'invalid', details: { status: 403, code: 'duplicate' } });
  });

  it('answers unconfirmed when the post request hangs, transient when only a read or upload does', async () => {
    const posted = fake.posts.length;
    fake.failNext('hang', 1, 'POST /2/tweets');
    expect((await failureOf(impatient.publish({ text: 'hang' }, fake.validCredentials))).kind).toBe(
      'unconfirmed',
    );
    fake.failNext('hang', 1, 'POST /2/media/upload');
    const upload = await failureOf(
      impatient.publish({ text: 'img', media: image() }, fake.validCredentials),
    );
    expect(upload.kind).toBe('transient');
    fake.failNext('hang', 1, 'GET /2/users/me');
    expect((await failureOf(impatient.verify(fake.validCredentials))).kind).toBe('transient');
    expect(fake.posts.length).toBe(posted);
  });

  it('sends the media again in place after a passing server error: one attempt posts', async () => {
    const uploads = fake.calls['POST /2/media/upload'] ?? 0;
    fake.failNext('server-error', 1, 'POST /2/media/upload');
    const result = await adapter.publish(
      { text: 'img again', media: image() },
      fake.validCredentials,
    );
    expect(result.externalId).toBeTruthy();
    expect(fake.calls['POST /2/media/upload']).toBe(uploads + 2);
  });

  it('answers transient when X cannot be reached', async () => {
    const offline = createXAdapter({ baseUrl: `http://127.0.0.1:${await closedPort()}` });
    const error = await failureOf(offline.publish({ text: 'offline' }, fake.validCredentials));
    expect(error).toMatchObject({ kind: 'transient', details: { code: 'ECONNREFUSED' } });
  });
});
