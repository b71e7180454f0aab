import {
  fakeFollowerCount,
  fakeMetricCounts,
  startFakeBluesky,
  startFakeFacebook,
  startFakeHttp,
  startFakeInstagram,
  startFakeLinkedIn,
  startFakeThreads,
  startFakeX,
  type FakeAnswer,
} from '@cadence/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlueskyAdapter } from '../../src/integrations/networks/bluesky.js';
import { createFacebookAdapter } from '../../src/integrations/networks/facebook.js';
import { createInstagramAdapter } from '../../src/integrations/networks/instagram.js';
import { createLinkedInAdapter } from '../../src/integrations/networks/linkedin.js';
import { createThreadsAdapter } from '../../src/integrations/networks/threads.js';
import { NetworkError } from '../../src/integrations/networks/types.js';
import { createXAdapter } from '../../src/integrations/networks/x.js';

/**
 * Each network's metric read, parsed from the answer its documented API gives (served by the
 * stand-ins, whose numbers grow with a post's age on a clock the test moves), a deleted post,
 * a 429 with Retry-After, and answers with a count left out (served by a bare HTTP server in
 * the network's documented shape).
 */
const HOUR_MS = 3_600_000;
const START = Date.parse('2026-11-21T09:00:00Z');
let now = START;
const clock = () => now;

/** The fake's numbers as the adapter should total them. */
function expected(id: string, elapsedMs: number, shares: 'reposts' | 'reposts+quotes') {
  const counts = fakeMetricCounts(id, elapsedMs);
  return {
    counts,
    likes: counts.likes,
    comments: counts.replies,
    shares: shares === 'reposts' ? counts.reposts : counts.reposts + counts.quotes,
  };
}

/** A bare server answering every request with `answer` (a documented body with a field missing). */
async function answering(answer: FakeAnswer) {
  return startFakeHttp(() => answer);
}

describe('X: GET /2/tweets?ids=…&tweet.fields=public_metrics', () => {
  let fake: Awaited<ReturnType<typeof startFakeX>>;
  const adapter = () => createXAdapter({ baseUrl: fake.baseUrl, timeoutMs: 5_000 });
  beforeAll(async () => {
    fake = await startFakeX();
    fake.metrics.useClock(clock);
  });
  afterAll(() => fake?.close());

  it('reads 100 posts in one call, with a deleted one answered inside the 200 as a Not Found Error', async () => {
    now = START;
    const made = Array.from({ length: 101 }, (_, index) =>
      fake.postedEarlier(`Batch post ${index}`, Date.now()),
    );
    now = START + 5 * HOUR_MS;
    fake.metrics.delete(made[7]!.id);
    const before = fake.calls['GET /2/tweets'] ?? 0;
    const ids = made.slice(0, 100).map((post) => post.id);
    const read = await adapter().readMetrics(ids, fake.validCredentials);
    expect(fake.calls['GET /2/tweets']).toBe(before + 1);
    expect(read.size).toBe(100);
    expect(read.get(made[7]!.id)).toBe('gone');
    const first = expected(made[0]!.id, 5 * HOUR_MS, 'reposts+quotes');
    expect(read.get(made[0]!.id)).toEqual({
      likes: first.likes,
      comments: first.comments,
      shares: first.shares,
      impressions: first.counts.impressions,
      raw: {
        retweet_count: first.counts.reposts,
        reply_count: first.counts.replies,
        like_count: first.counts.likes,
        quote_count: first.counts.quotes,
        bookmark_count: first.counts.saves,
        impression_count: first.counts.impressions,
      },
    });
    // The numbers grow with the post's age.
    now = START + 30 * HOUR_MS;
    const later = await adapter().readMetrics([made[0]!.id], fake.validCredentials);
    const grown = later.get(made[0]!.id);
    expect(grown).not.toBe('gone');
    expect(grown && grown !== 'gone' && grown.impressions).toBeGreaterThan(first.counts.impressions);
    await expect(
      adapter().readMetrics(
        made.map((post) => post.id),
        fake.validCredentials,
      ),
    ).rejects.toMatchObject({ kind: 'invalid' });
  });

  it("reads the account's followers from users/me public metrics", async () => {
    await expect(adapter().readFollowers(fake.validCredentials)).resolves.toBe(
      fakeFollowerCount(fake.user.id, now),
    );
  });

  it('answers a 429 as rate limited with its Retry-After', async () => {
    const post = fake.postedEarlier('Limited', Date.now());
    fake.rateLimitNext('GET /2/tweets', 900);
    const error = await adapter()
      .readMetrics([post.id], fake.validCredentials)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({ kind: 'rate-limited', details: { retryAfterSeconds: 900 } });
  });

  it('leaves impressions null when X gives none, and counts a missing count as 0', async () => {
    const server = await answering({
      status: 200,
      json: {
        data: [
          {
            id: '1850000000000000001',
            text: 'Someone else’s view',
            edit_history_tweet_ids: ['1850000000000000001'],
            public_metrics: { retweet_count: 4, reply_count: 2, like_count: 9 },
          },
        ],
      },
    });
    try {
      const read = await createXAdapter({ baseUrl: server.origin }).readMetrics(
        ['1850000000000000001'],
        { oauth2AccessToken: 'token' },
      );
      expect(read.get('1850000000000000001')).toEqual({
        likes: 9,
        comments: 2,
        shares: 4,
        impressions: null,
        raw: { retweet_count: 4, reply_count: 2, like_count: 9 },
      });
    } finally {
      await server.close();
    }
  });
});

describe('Bluesky: app.bsky.feed.getPosts (up to 25 uris)', () => {
  let fake: Awaited<ReturnType<typeof startFakeBluesky>>;
  let adapter: ReturnType<typeof createBlueskyAdapter>;
  beforeAll(async () => {
    fake = await startFakeBluesky();
    fake.metrics.useClock(clock);
    adapter = createBlueskyAdapter({ serviceUrl: fake.baseUrl, allowHosts: ['127.0.0.1'] });
  });
  afterAll(() => fake?.close());

  it('reads 25 posts in one call; a post left out of the answer is gone', async () => {
    now = START;
    const uris: string[] = [];
    for (let index = 0; index < 26; index++) {
      uris.push(
        (await adapter.publish({ text: `Sky post ${index}` }, fake.validCredentials)).externalId,
      );
    }
    now = START + 2 * HOUR_MS;
    fake.metrics.delete(uris[3]!);
    const before = fake.calls['app.bsky.feed.getPosts'] ?? 0;
    const read = await adapter.readMetrics(uris.slice(0, 25), fake.validCredentials);
    expect(fake.calls['app.bsky.feed.getPosts']).toBe(before + 1);
    expect(read.get(uris[3]!)).toBe('gone');
    const first = expected(uris[0]!, 2 * HOUR_MS, 'reposts+quotes');
    expect(read.get(uris[0]!)).toEqual({
      likes: first.likes,
      comments: first.comments,
      shares: first.shares,
      impressions: null,
      raw: {
        likeCount: first.counts.likes,
        repostCount: first.counts.reposts,
        replyCount: first.counts.replies,
        quoteCount: first.counts.quotes,
      },
    });
    await expect(adapter.readMetrics(uris, fake.validCredentials)).rejects.toMatchObject({
      kind: 'invalid',
    });
  });

  it("reads the account's followers from getProfile", async () => {
    await expect(adapter.readFollowers(fake.validCredentials)).resolves.toBe(
      fakeFollowerCount(fake.account.did, now),
    );
  });

  it('answers a 429 as rate limited with its Retry-After', async () => {
    const { externalId } = await adapter.publish({ text: 'Sky limited' }, fake.validCredentials);
    fake.rateLimitNext('app.bsky.feed.getPosts', 120);
    await expect(adapter.readMetrics([externalId], fake.validCredentials)).rejects.toMatchObject({
      kind: 'rate-limited',
      details: { retryAfterSeconds: 120 },
    });
  });
});

describe('Facebook: GET /{post-id}?fields=reactions.summary,comments.summary,shares and its insights', () => {
  let fake: Awaited<ReturnType<typeof startFakeFacebook>>;
  let adapter: ReturnType<typeof createFacebookAdapter>;
  beforeAll(async () => {
    fake = await startFakeFacebook();
    fake.metrics.useClock(clock);
    adapter = createFacebookAdapter({ baseUrl: fake.baseUrl });
  });
  afterAll(() => fake?.close());

  it('reads reactions, comments, shares and impressions; a share count Graph leaves out is 0', async () => {
    now = START;
    const { externalId } = await adapter.publish({ text: 'Page post' }, fake.validCredentials);
    // Just made: nobody shared it yet, so Graph leaves `shares` out.
    const fresh = await adapter.readMetrics([externalId], fake.validCredentials);
    expect(fresh.get(externalId)).toEqual({
      likes: 0,
      comments: 0,
      shares: 0,
      impressions: 0,
      raw: { reactions: 0, comments: 0, post_impressions: 0 },
    });
    now = START + 48 * HOUR_MS;
    const counts = fakeMetricCounts(externalId, 48 * HOUR_MS);
    const read = await adapter.readMetrics([externalId], fake.validCredentials);
    expect(read.get(externalId)).toEqual({
      likes: counts.likes,
      comments: counts.replies,
      shares: counts.reposts,
      impressions: counts.impressions,
      raw: {
        reactions: counts.likes,
        comments: counts.replies,
        shares: counts.reposts,
        post_impressions: counts.impressions,
      },
    });
  });

  it('takes a post Graph says does not exist as gone', async () => {
    const { externalId } = await adapter.publish({ text: 'Soon deleted' }, fake.validCredentials);
    fake.metrics.delete(externalId);
    const read = await adapter.readMetrics([externalId], fake.validCredentials);
    expect(read.get(externalId)).toBe('gone');
  });

  it("reads the Page's followers_count", async () => {
    await expect(adapter.readFollowers(fake.validCredentials)).resolves.toBe(
      fakeFollowerCount(fake.validCredentials.pageId, now),
    );
  });
});

describe('Instagram: GET /{media-id}/insights?metric=views,reach,likes,comments,shares,saved', () => {
  let fake: Awaited<ReturnType<typeof startFakeInstagram>>;
  let adapter: ReturnType<typeof createInstagramAdapter>;
  let credentials: { accessToken: string; igUserId: string };
  const image = {
    url: 'https://media.example.com/rocket.jpg',
    mimeType: 'image/jpeg',
    open: () => Promise.reject(new Error('Instagram fetches media by URL')),
  };
  beforeAll(async () => {
    fake = await startFakeInstagram({ pollsInProgress: 0 });
    fake.metrics.useClock(clock);
    adapter = createInstagramAdapter({ baseUrl: fake.baseUrl, pollIntervalMs: 5 });
    credentials = { ...fake.validCredentials, igUserId: fake.igUser.id };
  });
  afterAll(() => fake?.close());

  it('reads the insights, views as impressions; a deleted post is gone', async () => {
    now = START;
    const { externalId } = await adapter.publish({ text: 'Gram', media: image }, credentials);
    now = START + 10 * HOUR_MS;
    const counts = fakeMetricCounts(externalId, 10 * HOUR_MS);
    const read = await adapter.readMetrics([externalId], credentials);
    expect(read.get(externalId)).toEqual({
      likes: counts.likes,
      comments: counts.replies,
      shares: counts.reposts,
      impressions: counts.impressions,
      raw: {
        views: counts.impressions,
        reach: counts.reach,
        likes: counts.likes,
        comments: counts.replies,
        shares: counts.reposts,
        saved: counts.saves,
      },
    });
    fake.metrics.delete(externalId);
    expect((await adapter.readMetrics([externalId], credentials)).get(externalId)).toBe('gone');
  });

  it("reads the account's followers_count", async () => {
    await expect(adapter.readFollowers(credentials)).resolves.toBe(
      fakeFollowerCount(fake.igUser.id, now),
    );
  });

  it('counts a metric the answer leaves out as 0', async () => {
    const server = await answering({
      status: 200,
      json: {
        data: [
          { name: 'views', period: 'lifetime', values: [{ value: 120 }] },
          { name: 'likes', period: 'lifetime', values: [{ value: 7 }] },
        ],
      },
    });
    try {
      const read = await createInstagramAdapter({ baseUrl: server.origin }).readMetrics(
        ['17950000000000001'],
        credentials,
      );
      expect(read.get('17950000000000001')).toEqual({
        likes: 7,
        comments: 0,
        shares: 0,
        impressions: 120,
        raw: { views: 120, likes: 7 },
      });
    } finally {
      await server.close();
    }
  });
});

describe('Threads: GET /{media-id}/insights?metric=views,likes,replies,reposts,quotes', () => {
  let fake: Awaited<ReturnType<typeof startFakeThreads>>;
  let adapter: ReturnType<typeof createThreadsAdapter>;
  beforeAll(async () => {
    fake = await startFakeThreads();
    fake.metrics.useClock(clock);
    adapter = createThreadsAdapter({ baseUrl: fake.baseUrl, statusPollMs: 5 });
  });
  afterAll(() => fake?.close());

  it('reads the insights with reposts and quotes as shares; a deleted post is gone', async () => {
    now = START;
    const { externalId } = await adapter.publish({ text: 'Thread' }, fake.validCredentials);
    now = START + 20 * HOUR_MS;
    const counts = fakeMetricCounts(externalId, 20 * HOUR_MS);
    const read = await adapter.readMetrics([externalId], fake.validCredentials);
    expect(read.get(externalId)).toEqual({
      likes: counts.likes,
      comments: counts.replies,
      shares: counts.reposts + counts.quotes,
      impressions: counts.impressions,
      raw: {
        views: counts.impressions,
        likes: counts.likes,
        replies: counts.replies,
        reposts: counts.reposts,
        quotes: counts.quotes,
      },
    });
    fake.metrics.delete(externalId);
    expect((await adapter.readMetrics([externalId], fake.validCredentials)).get(externalId)).toBe(
      'gone',
    );
  });

  it("reads the account's followers_count from threads_insights", async () => {
    await expect(adapter.readFollowers(fake.validCredentials)).resolves.toBe(
      fakeFollowerCount(fake.user.id, now),
    );
  });
});

describe('LinkedIn: GET /rest/socialActions/{urn}', () => {
  let fake: Awaited<ReturnType<typeof startFakeLinkedIn>>;
  let adapter: ReturnType<typeof createLinkedInAdapter>;
  beforeAll(async () => {
    fake = await startFakeLinkedIn();
    fake.metrics.useClock(clock);
    adapter = createLinkedInAdapter({ baseUrl: fake.baseUrl });
  });
  afterAll(() => fake?.close());

  it('reads likes and comments (LinkedIn gives no shares nor impressions here); a 404 is gone', async () => {
    now = START;
    const { externalId } = await adapter.publish({ text: 'Update' }, fake.validCredentials);
    now = START + 3 * HOUR_MS;
    const counts = fakeMetricCounts(externalId, 3 * HOUR_MS);
    const read = await adapter.readMetrics([externalId], fake.validCredentials);
    expect(read.get(externalId)).toEqual({
      likes: counts.likes,
      comments: counts.replies,
      shares: 0,
      impressions: null,
      raw: { totalLikes: counts.likes, aggregatedTotalComments: counts.replies },
    });
    fake.metrics.delete(externalId);
    expect((await adapter.readMetrics([externalId], fake.validCredentials)).get(externalId)).toBe(
      'gone',
    );
  });

  it("answers no followers: a member's posting token cannot read its network size", async () => {
    await expect(adapter.readFollowers(fake.validCredentials)).resolves.toBeNull();
  });
});
