import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadsRetryAfterSeconds } from '../../src/integrations/networks/threads-errors.js';
import { createThreadsAdapter } from '../../src/integrations/networks/threads.js';
import type { PublishMedia } from '../../src/integrations/networks/types.js';
import { startFakeThreads } from '@cadence/fakes';
import { keepingContexts } from '../helpers/kept-containers.js';
import { failureOf } from '../helpers/network-failure.js';
import { closedPort } from '../helpers/ports.js';

function image(overrides: Partial<PublishMedia> = {}): PublishMedia {
  return {
    url: 'https://cdn.example.com/rocket.jpg',
    mimeType: 'image/jpeg',
    open: () => Promise.reject(new Error('Threads fetches media by URL; bytes are never loaded')),
    ...overrides,
  };
}

describe('Threads content rules', () => {
  it('reads the wait from Retry-After, then the usage header, else an hour', () => {
    expect(threadsRetryAfterSeconds(new Headers({ 'retry-after': '30' }))).toBe(30);
    const usage = JSON.stringify({
      '1': [{ type: 'threads', estimated_time_to_regain_access: 5 }],
    });
    expect(threadsRetryAfterSeconds(new Headers({ 'x-business-use-case-usage': usage }))).toBe(300);
    expect(threadsRetryAfterSeconds(new Headers())).toBe(3600);
  });
});

describe('Threads adapter against the fake', () => {
  let fake: Awaited<ReturnType<typeof startFakeThreads>>;
  let adapter: ReturnType<typeof createThreadsAdapter>;
  let impatient: ReturnType<typeof createThreadsAdapter>;

  beforeAll(async () => {
    fake = await startFakeThreads();
    adapter = createThreadsAdapter({ baseUrl: fake.baseUrl, timeoutMs: 5_000, statusPollMs: 10 });
    impatient = createThreadsAdapter({ baseUrl: `${fake.baseUrl}/`, timeoutMs: 300 });
  });
  afterAll(() => fake?.close());

  it('verifies a good token and answers the account', async () => {
    await expect(adapter.verify(fake.validCredentials)).resolves.toEqual({
      accountId: fake.user.id,
      accountName: fake.user.username,
    });
  });

  it('refuses a bad token as auth, without leaking it', async () => {
    const error = await failureOf(
      adapter.verify({ ...fake.validCredentials, accessToken: 'stolen-token' }),
    );
    expect(error).toMatchObject({ kind: 'auth', details: { status: 400, code: '190' } });
    expect(error.message).not.toContain('stolen-token');
  });

  it('publishes text in two steps and answers the id and permalink', async () => {
    const result = await adapter.publish({ text: 'Launch day!' }, fake.validCredentials);
    const post = fake.posts.at(-1)!;
    expect(post).toMatchObject({ mediaType: 'TEXT', text: 'Launch day!' });
    expect(result).toEqual({ externalId: post.id, url: post.permalink });
  });

  it('attaches a link to a text post, or appends it to an image post', async () => {
    await adapter.publish(
      { text: 'Read this', link: 'https://example.com/a' },
      fake.validCredentials,
    );
    expect(fake.posts.at(-1)).toMatchObject({
      text: 'Read this',
      linkAttachment: 'https://example.com/a',
    });
    await adapter.publish(
      { text: 'Picture', link: 'https://example.com/b', media: image() },
      fake.validCredentials,
    );
    expect(fake.posts.at(-1)).toMatchObject({
      mediaType: 'IMAGE',
      text: 'Picture\n\nhttps://example.com/b',
      imageUrl: 'https://cdn.example.com/rocket.jpg',
      linkAttachment: undefined,
    });
  });

  it('publishes a user without a stored id through /me', async () => {
    const { userId: _unused, ...withoutId } = fake.validCredentials;
    await adapter.publish({ text: 'No id yet' }, withoutId);
    expect(fake.posts.at(-1)?.text).toBe('No id yet');
  });

  it('waits while the media container is processed', async () => {
    fake.setProcessingChecks(2);
    try {
      await adapter.publish({ text: 'Slow image', media: image() }, fake.validCredentials);
    } finally {
      fake.setProcessingChecks(0);
    }
    const post = fake.posts.at(-1)!;
    expect(post.text).toBe('Slow image');
  });

  it('takes over the media container an attempt kept before it died, never one for other content', async () => {
    const { kept, keeping, dying } = keepingContexts();
    const post = { text: 'Kept for the next attempt', media: image() };
    fake.setProcessingChecks(2);
    try {
      await expect(adapter.publish(post, fake.validCredentials, dying)).rejects.toThrow('killed');
      expect(kept).toHaveLength(1);
      const made = fake.containers.size;
      const result = await adapter.publish({ ...post, kept: kept[0] }, fake.validCredentials);
      expect(fake.containers.size).toBe(made);
      expect(fake.posts.at(-1)).toMatchObject({ id: result.externalId, text: post.text });
      // Edited since: a new container with the new text.
      await adapter.publish(
        { text: 'Edited since', media: image(), kept: kept[0] },
        fake.validCredentials,
      );
      expect(fake.containers.size).toBe(made + 1);
      expect(fake.posts.at(-1)?.text).toBe('Edited since');
      // Published already: never published again, a new container as without one.
      await adapter.publish({ ...post, kept: kept[0] }, fake.validCredentials);
      expect(fake.containers.size).toBe(made + 2);
    } finally {
      fake.setProcessingChecks(0);
    }
    // A text container is ready at once: nothing is kept for it.
    await adapter.publish({ text: 'Words only' }, fake.validCredentials, keeping);
    expect(kept).toHaveLength(1);
  });

  it('still succeeds, without a URL, when the permalink cannot be read', async () => {
    // The first read and its three retries in place (decision 129).
    fake.failNext('server-error', 4, 'GET /post');
    const result = await adapter.publish({ text: 'No permalink' }, fake.validCredentials);
    expect(result).toEqual({ externalId: fake.posts.at(-1)!.id, url: null });
  });

  it('rejects over-long text, too many links and unsupported media before calling', async () => {
    const before = { ...fake.calls };
    const cases = [
      { text: 'a'.repeat(501) },
      { text: '👍'.repeat(126) },
      { text: [1, 2, 3, 4, 5, 6].map((n) => `https://example.com/${n}`).join(' ') },
      { text: 'Gif', media: image({ mimeType: 'image/gif' }) },
    ];
    for (const post of cases) {
      expect((await failureOf(adapter.publish(post, fake.validCredentials))).kind).toBe('invalid');
    }
    expect(fake.calls).toEqual(before);
    await adapter.publish({ text: 'a'.repeat(500) }, fake.validCredentials);
  });

  it('classifies auth, rate limits, server errors and content rejections by Meta code', async () => {
    fake.failNext('unauthorized', 1, 'POST /threads');
    expect((await failureOf(adapter.publish({ text: 'one' }, fake.validCredentials))).kind).toBe(
      'auth',
    );
    fake.failNext('rate-limited', 1, 'POST /threads_publish');
    const limited = await failureOf(adapter.publish({ text: 'two' }, fake.validCredentials));
    expect(limited).toMatchObject({
      kind: 'rate-limited',
      details: { code: '4', retryAfterSeconds: fake.rateLimitSeconds },
    });
    fake.failNext('server-error', 1, 'POST /threads');
    const down = await failureOf(adapter.publish({ text: 'three' }, fake.validCredentials));
    expect(down).toMatchObject({ kind: 'transient', details: { status: 500 } });
    fake.failNext('invalid', 1, 'POST /threads');
    const rejected = await failureOf(
      adapter.publish({ text: 'four', media: image() }, fake.validCredentials),
    );
    expect(rejected).toMatchObject({
      kind: 'invalid',
      message: 'The media could not be fetched from this URI.',
    });
  });

  it('answers unconfirmed only when the publish step hangs', async () => {
    const posted = fake.posts.length;
    fake.failNext('hang', 1, 'POST /threads_publish');
    const publish = await failureOf(impatient.publish({ text: 'hang' }, fake.validCredentials));
    expect(publish.kind).toBe('unconfirmed');
    fake.failNext('hang', 1, 'POST /threads');
    const container = await failureOf(impatient.publish({ text: 'hang 2' }, fake.validCredentials));
    expect(container.kind).toBe('transient');
    fake.failNext('hang', 1, 'GET /me');
    expect((await failureOf(impatient.verify(fake.validCredentials))).kind).toBe('transient');
    expect(fake.posts.length).toBe(posted);
  });

  it('answers transient when Threads cannot be reached', async () => {
    const offline = createThreadsAdapter({
      baseUrl: `http://127.0.0.1:${await closedPort()}/v1.0`,
    });
    const error = await failureOf(offline.publish({ text: 'offline' }, fake.validCredentials));
    expect(error).toMatchObject({ kind: 'transient', details: { code: 'ECONNREFUSED' } });
  });
});
