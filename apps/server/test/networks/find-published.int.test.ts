import { randomUUID } from 'node:crypto';
import type { NetworkId } from '@cadence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlueskyAdapter, recordKeyOf } from '../../src/integrations/networks/bluesky.js';
import { createFacebookAdapter } from '../../src/integrations/networks/facebook.js';
import { createInstagramAdapter } from '../../src/integrations/networks/instagram.js';
import { createLinkedInAdapter } from '../../src/integrations/networks/linkedin.js';
import { createThreadsAdapter } from '../../src/integrations/networks/threads.js';
import type {
  NetworkAdapter,
  PublishInput,
  PublishMedia,
} from '../../src/integrations/networks/types.js';
import { createXAdapter, xTextAsSent } from '../../src/integrations/networks/x.js';
import { failureOf } from '../helpers/network-failure.js';
import { startNetworkFakes, type NetworkFakes } from '../helpers/networks.js';

/**
 * Each adapter's `findPublished` against its stand-in, which answers the network's documented
 * read (X `GET /2/users/:id/tweets`, Facebook `GET /{page-id}/posts`, LinkedIn
 * `GET /rest/posts?q=author`, Instagram `GET /{ig-user-id}/media`, Threads `GET /me/threads`,
 * Bluesky `com.atproto.repo.getRecord`) from the posts it actually received.
 */
const image: PublishMedia = {
  url: 'https://cdn.example.com/rocket.jpg',
  mimeType: 'image/jpeg',
  open: () => Promise.resolve(new Blob([new Uint8Array(64)], { type: 'image/jpeg' })),
};

describe('finding a post whose answer was lost, on each network', () => {
  let fakes: NetworkFakes;
  let adapters: { [N in NetworkId]: { adapter: NetworkAdapter<never>; credentials: never } };

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    const pair = <C>(adapter: NetworkAdapter<C>, credentials: C) =>
      ({ adapter, credentials }) as unknown as {
        adapter: NetworkAdapter<never>;
        credentials: never;
      };
    adapters = {
      twitter: pair(
        createXAdapter({ baseUrl: fakes.twitter.baseUrl }),
        fakes.twitter.validCredentials,
      ),
      facebook: pair(
        createFacebookAdapter({ baseUrl: fakes.facebook.baseUrl }),
        fakes.facebook.validCredentials,
      ),
      linkedIn: pair(
        createLinkedInAdapter({ baseUrl: fakes.linkedIn.baseUrl }),
        fakes.linkedIn.validCredentials,
      ),
      instagram: pair(
        createInstagramAdapter({ baseUrl: fakes.instagram.baseUrl, pollIntervalMs: 5 }),
        { ...fakes.instagram.validCredentials, igUserId: fakes.instagram.igUser.id },
      ),
      bluesky: pair(
        createBlueskyAdapter({ serviceUrl: fakes.bluesky.baseUrl }),
        fakes.bluesky.validCredentials,
      ),
      threads: pair(
        createThreadsAdapter({ baseUrl: fakes.threads.baseUrl, statusPollMs: 5 }),
        fakes.threads.validCredentials,
      ),
    };
  });
  afterAll(() => fakes?.close());

  const postFor = (network: NetworkId): PublishInput => ({
    // Reserved characters (LinkedIn escapes them), an ampersand (X answers it as &amp;) and
    // a link (X answers it as a t.co address).
    text: `Launch (${network}) & more #news ${randomUUID()}`,
    link: 'https://acme.example.com/launch?a=1&b=2',
    media: network === 'instagram' ? image : null,
    publication: { id: randomUUID(), scheduledFor: new Date() },
  });

  it.each(['twitter', 'facebook', 'linkedIn', 'instagram', 'bluesky', 'threads'] as const)(
    '%s: finds the post it made within the window, with its id and link',
    async (network) => {
      const { adapter, credentials } = adapters[network];
      const since = new Date(Date.now() - 1000);
      const post = postFor(network);
      const published = await adapter.publish(post, credentials);
      const found = await adapter.findPublished(post, credentials, { since });
      expect(found).toEqual(published);
      // Not there: another text, or a window that starts after the post.
      const other = { ...post, text: `${post.text} (edited)`, publication: undefined };
      if (network !== 'bluesky') {
        await expect(adapter.findPublished(other, credentials, { since })).resolves.toBeNull();
        await expect(
          adapter.findPublished(post, credentials, { since: new Date(Date.now() + 5_000) }),
        ).resolves.toBeNull();
      } else {
        const unsent = { ...post, publication: { id: randomUUID(), scheduledFor: new Date() } };
        await expect(adapter.findPublished(unsent, credentials, { since })).resolves.toBeNull();
      }
    },
  );

  it("reads X's answer as sent: t.co links back to their targets, HTML entities undone", () => {
    expect(
      xTextAsSent({
        id: '1',
        text: 'Ship it &amp; see https://t.co/abc &lt;3',
        entities: {
          urls: [{ url: 'https://t.co/abc', expanded_url: 'https://acme.example.com/x' }],
        },
      }),
    ).toBe('Ship it & see https://acme.example.com/x <3');
  });

  it('Bluesky: a second attempt with the same record key creates nothing and answers the first post', async () => {
    const { adapter, credentials } = adapters.bluesky;
    const post = postFor('bluesky');
    const first = await adapter.publish(post, credentials);
    expect(first.externalId.endsWith(`/${recordKeyOf(post.publication!)}`)).toBe(true);
    const before = fakes.bluesky.posts.length;
    const second = await adapter.publish(post, credentials);
    expect(second).toEqual(first);
    expect(fakes.bluesky.posts).toHaveLength(before);
    expect(fakes.bluesky.refusedKeys).toContain(recordKeyOf(post.publication!));
  });

  it("Bluesky: another publication's post under the same record key is not taken for this one", async () => {
    const { adapter, credentials } = adapters.bluesky;
    const first = postFor('bluesky');
    await adapter.publish(first, credentials);
    // Two publications to one account at the same instant whose keys collide (rare): the
    // second must not be recorded as published with the first one's post.
    const second = { ...postFor('bluesky'), publication: first.publication };
    const before = fakes.bluesky.posts.length;
    const error = await failureOf(adapter.publish(second, credentials));
    expect(error.kind).toBe('invalid');
    expect(error.message).toBe(
      'Bluesky already has a different post under the record key of this one, so it was not ' +
        'published. Schedule it again at another time.',
    );
    expect(fakes.bluesky.posts).toHaveLength(before);
    expect(await adapter.findPublished(second, credentials, { since: new Date(0) })).toBeNull();
    expect(await adapter.findPublished(first, credentials, { since: new Date(0) })).not.toBeNull();
  });

  it('Bluesky: record keys are TIDs, the same for a publication, different between two', () => {
    const publication = { id: randomUUID(), scheduledFor: new Date('2026-11-21T09:00:00Z') };
    const key = recordKeyOf(publication);
    expect(key).toMatch(/^[234567abcdefghij][234567abcdefghijklmnopqrstuvwxyz]{12}$/);
    expect(recordKeyOf({ ...publication })).toBe(key);
    expect(recordKeyOf({ ...publication, id: randomUUID() })).not.toBe(key);
  });

  it('a network that refuses the read throws, rather than answering "not there"', async () => {
    const { adapter, credentials } = adapters.twitter;
    fakes.twitter.failNext('unauthorized', 1, 'GET /2/users/me');
    const error = await failureOf(
      adapter.findPublished(postFor('twitter'), credentials, { since: new Date() }),
    );
    expect(error.kind).toBe('auth');
  });
});
