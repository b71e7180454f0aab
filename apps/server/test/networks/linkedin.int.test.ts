import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLinkedInAdapter } from '../../src/integrations/networks/linkedin.js';
import type {
  LinkedInCredentials,
  NetworkAdapter,
  PublishMedia,
} from '../../src/integrations/networks/types.js';
import { startFakeLinkedIn } from '@cadence/fakes';
import { failureOf } from '../helpers/network-failure.js';

const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffd9', 'hex');

function image(overrides: Partial<PublishMedia> = {}): PublishMedia {
  return {
    url: 'https://cdn.example.com/photo.jpg',
    mimeType: 'image/jpeg',
    open: () => Promise.resolve(new Blob([JPEG])),
    altText: 'Our launch pad',
    ...overrides,
  };
}

describe('LinkedIn adapter', () => {
  let fake: Awaited<ReturnType<typeof startFakeLinkedIn>>;
  let adapter: NetworkAdapter<LinkedInCredentials>;
  let credentials: LinkedInCredentials;

  beforeEach(async () => {
    fake = await startFakeLinkedIn();
    adapter = createLinkedInAdapter({ baseUrl: fake.baseUrl, timeoutMs: 300 });
    credentials = fake.validCredentials;
  });
  afterEach(() => fake.close());

  it('verifies a token and names the member', async () => {
    expect(await adapter.verify(credentials)).toEqual({
      accountId: 'AbC123xyz',
      accountName: 'Jane Doe',
    });
  });

  it('rejects a bad token as auth', async () => {
    const error = await failureOf(adapter.verify({ ...credentials, accessToken: 'nope' }));
    expect(error).toMatchObject({
      kind: 'auth',
      details: { status: 401, code: 'INVALID_ACCESS_TOKEN' },
    });
    expect(error.message).not.toContain('nope');
  });

  it('publishes text as the member, escaped so LinkedIn shows it as typed', async () => {
    const text =
      'Launch (beta) is *live* - ask @team_lead [now] #news https://example.com/a_b?x=(1).';
    const result = await adapter.publish({ text }, credentials);
    const [post] = fake.posts;
    expect(post?.text).toBe(text);
    expect(post?.commentary).toContain('\\(beta\\) is \\*live\\*');
    expect(post?.body).toMatchObject({
      author: 'urn:li:person:AbC123xyz',
      visibility: 'PUBLIC',
      lifecycleState: 'PUBLISHED',
      distribution: {
        feedDistribution: 'MAIN_FEED',
        targetEntities: [],
        thirdPartyDistributionChannels: [],
      },
    });
    expect(result).toEqual({
      externalId: post?.id,
      url: `https://www.linkedin.com/feed/update/${post?.id}/`,
    });
  });

  it('learns the member id when it was not stored', async () => {
    const { memberId: _memberId, ...withoutId } = credentials;
    await adapter.publish({ text: 'Who am I?' }, withoutId);
    expect(fake.calls['GET /v2/userinfo']).toBe(1);
    expect(fake.posts[0]?.body.author).toBe('urn:li:person:AbC123xyz');
  });

  it('publishes a link as an article card', async () => {
    await adapter.publish({ text: 'Read this', link: 'https://example.com/story' }, credentials);
    expect(fake.posts[0]?.body.content).toEqual({
      article: { source: 'https://example.com/story', title: 'example.com' },
    });
    expect(fake.posts[0]?.link).toBe('https://example.com/story');
  });

  it('titles the card from describeLink when configured', async () => {
    const described = createLinkedInAdapter({
      baseUrl: fake.baseUrl,
      describeLink: (url) => Promise.resolve({ title: `Story at ${url}`, description: 'A story' }),
    });
    await described.publish({ text: 'Read', link: 'https://example.com/s' }, credentials);
    expect(fake.posts[0]?.body.content).toEqual({
      article: {
        source: 'https://example.com/s',
        title: 'Story at https://example.com/s',
        description: 'A story',
      },
    });
  });

  it('uploads an image through the Images API and posts it', async () => {
    await adapter.publish({ text: 'Our pad', media: image() }, credentials);
    expect(fake.calls['POST /rest/images']).toBe(1);
    expect(fake.calls['PUT /dms-uploads']).toBe(1);
    expect(fake.posts[0]?.media).toEqual([
      {
        id: expect.stringMatching(/^urn:li:image:/) as string,
        mimeType: 'image/jpeg',
        size: JPEG.length,
        altText: 'Our launch pad',
      },
    ]);
  });

  it.each(['https://localhost:8443', 'https://10.1.2.3', 'https://[64:ff9b::7f00:1]'])(
    'refuses an upload address on a private host (%s) before sending the token',
    async (origin) => {
      fake.nameUploadOrigin(origin);
      const error = await failureOf(adapter.publish({ text: 'Pic', media: image() }, credentials));
      expect(error).toMatchObject({ kind: 'transient', details: { code: 'BLOCKED_ADDRESS' } });
      expect(fake.calls['POST /rest/images']).toBe(1);
      expect(fake.posts).toEqual([]);
    },
  );

  it('adds the link to the text when an image takes the content slot', async () => {
    const link = 'https://example.com/a';
    await adapter.publish({ text: 'See', link, media: image() }, credentials);
    expect(fake.posts[0]?.text).toBe(`See\n\n${link}`);
  });

  it('classifies an expired token as auth', async () => {
    fake.failNext('unauthorized');
    const error = await failureOf(adapter.publish({ text: 'Hi' }, credentials));
    expect(error).toMatchObject({ kind: 'auth', details: { code: 'EXPIRED_ACCESS_TOKEN' } });
  });

  it('honours Retry-After on a rate limit', async () => {
    fake.failNext('rate-limited', 1, { retryAfterSeconds: 120 });
    const error = await failureOf(adapter.publish({ text: 'Hi' }, credentials));
    expect(error).toMatchObject({
      kind: 'rate-limited',
      details: { status: 429, retryAfterSeconds: 120 },
    });
  });

  it('waits for midnight UTC on a daily quota without Retry-After', async () => {
    fake.failNext('rate-limited');
    const error = await failureOf(adapter.publish({ text: 'Hi' }, credentials));
    const midnight = new Date();
    midnight.setUTCHours(24, 0, 0, 0);
    const expected = Math.ceil((midnight.getTime() - Date.now()) / 1000);
    expect(error.kind).toBe('rate-limited');
    expect(Math.abs((error.details.retryAfterSeconds ?? 0) - expected)).toBeLessThanOrEqual(2);
  });

  it('classifies a server error as transient', async () => {
    fake.failNext('server-error');
    const error = await failureOf(adapter.publish({ text: 'Hi' }, credentials));
    expect(error).toMatchObject({ kind: 'transient', details: { status: 500 } });
  });

  it('reports a post whose answer never came as unconfirmed', async () => {
    fake.failNext('hang', 1, { endpoint: 'POST /rest/posts' });
    expect((await failureOf(adapter.publish({ text: 'Lost' }, credentials))).kind).toBe(
      'unconfirmed',
    );
  });

  it('treats timeouts before the post itself as transient', async () => {
    fake.failNext('hang', 1, { endpoint: 'GET /v2/userinfo' });
    expect((await failureOf(adapter.verify(credentials))).kind).toBe('transient');
    fake.failNext('hang', 1, { endpoint: 'PUT /dms-uploads' });
    const error = await failureOf(adapter.publish({ text: 'Pic', media: image() }, credentials));
    expect(error.kind).toBe('transient');
    expect(fake.posts).toHaveLength(0);
  });

  it('reserves and sends the image again in place after passing server errors: one attempt posts', async () => {
    const reserved = fake.calls['POST /rest/images'] ?? 0;
    const sent = fake.calls['PUT /dms-uploads'] ?? 0;
    fake.failNext('server-error', 1, { endpoint: 'POST /rest/images' });
    fake.failNext('server-error', 1, { endpoint: 'PUT /dms-uploads' });
    const result = await adapter.publish({ text: 'Pic again', media: image() }, credentials);
    expect(result.externalId).toBeTruthy();
    expect(fake.calls['POST /rest/images']).toBe(reserved + 2);
    expect(fake.calls['PUT /dms-uploads']).toBe(sent + 2);
    expect(fake.posts.filter((post) => post.text === 'Pic again')).toHaveLength(1);
  });

  it('classifies a rejected post as invalid with the reason', async () => {
    fake.failNext('invalid');
    const error = await failureOf(adapter.publish({ text: 'Bad' }, credentials));
    expect(error).toMatchObject({
      kind: 'invalid',
      message: 'Invalid commentary',
      details: { status: 422 },
    });
  });

  it('classifies a duplicate post as invalid', async () => {
    await adapter.publish({ text: 'Same words' }, credentials);
    const error = await failureOf(adapter.publish({ text: 'Same words' }, credentials));
    expect(error).toMatchObject({
      kind: 'invalid',
      message: 'Duplicate post is detected',
      details: { code: 'DUPLICATE_POST' },
    });
  });

  it('refuses more than 3000 characters without calling', async () => {
    await adapter.publish({ text: 'é'.repeat(3000) }, credentials);
    const calls = { ...fake.calls };
    const error = await failureOf(adapter.publish({ text: 'a'.repeat(3001) }, credentials));
    expect(error.kind).toBe('invalid');
    expect(error.message).toMatch(/3000 characters/);
    expect(fake.calls).toEqual(calls);
  });

  it('refuses a video without calling', async () => {
    const video = image({ mimeType: 'video/mp4' });
    expect(
      (await failureOf(adapter.publish({ text: 'Clip', media: video }, credentials))).kind,
    ).toBe('invalid');
    expect(fake.calls).toEqual({});
  });

  it('reports an unreachable API as transient', async () => {
    await fake.close();
    const error = await failureOf(adapter.publish({ text: 'Anyone?' }, credentials));
    expect(error).toMatchObject({ kind: 'transient', details: { code: 'ECONNREFUSED' } });
    // Plain words for a person; the system code stays in the details.
    expect(error.message).toBe("Could not reach LinkedIn. Check the server's internet connection.");
  });
});
