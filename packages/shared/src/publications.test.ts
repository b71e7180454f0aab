import { describe, expect, it } from 'vitest';
import {
  postLinkOriginsOf,
  postLinkProblem,
  PUBLICATION_ACTIONS,
  publicationActionsFor,
  publicationConflictMessage,
} from './publications.js';
import type { NetworkId } from './networks.js';
import { PUBLICATION_STATUSES } from './schedules.js';

describe('publicationActionsFor', () => {
  it("offers each status's actions (decision 091) and nothing for the rest", () => {
    expect(publicationActionsFor('failed')).toEqual(['retry']);
    expect(publicationActionsFor('missed')).toEqual(['retry']);
    expect(publicationActionsFor('unconfirmed')).toEqual(['confirm-absent', 'mark-published']);
    expect(publicationActionsFor('pending')).toEqual(['publish-now']);
    for (const status of ['publishing', 'published', 'cancelled'] as const) {
      expect(publicationActionsFor(status)).toEqual([]);
    }
  });

  it('has a conflict sentence for every status an action can meet', () => {
    for (const status of PUBLICATION_STATUSES) {
      expect(publicationConflictMessage(status)).toMatch(/^This post /);
    }
    expect(publicationConflictMessage('publishing')).toBe('This post is already being published.');
    expect(Object.keys(PUBLICATION_ACTIONS)).toHaveLength(4);
  });
});

describe('postLinkProblem on the real websites', () => {
  const isNetworkPostLink = (network: NetworkId, link: string) =>
    postLinkProblem(network, link) === null;

  it('knows where each network shows its posts', () => {
    expect(isNetworkPostLink('facebook', 'https://m.facebook.com/story.php?id=1')).toBe(true);
    expect(isNetworkPostLink('instagram', 'https://www.instagram.com/p/abc/')).toBe(true);
    expect(isNetworkPostLink('threads', 'https://www.threads.net/@acme/post/abc')).toBe(true);
    expect(isNetworkPostLink('threads', 'https://www.threads.com/@acme/post/abc')).toBe(true);
    expect(isNetworkPostLink('linkedIn', 'https://lnkd.in/abc')).toBe(true);
  });

  it('is https only and matches whole host labels', () => {
    expect(isNetworkPostLink('twitter', 'http://x.com/a/status/1')).toBe(false);
    expect(isNetworkPostLink('twitter', 'https://X.COM/a/status/1')).toBe(true);
    expect(isNetworkPostLink('twitter', 'https://x.com./a/status/1')).toBe(true);
    expect(isNetworkPostLink('twitter', 'https://evilx.com/a')).toBe(false);
    expect(isNetworkPostLink('twitter', 'https://x.com@evil.example/a')).toBe(false);
    expect(isNetworkPostLink('bluesky', 'not a link')).toBe(false);
  });
});

describe('postLinkOriginsOf', () => {
  it('keeps only configured websites the networks’ own hosts do not cover', () => {
    expect(
      postLinkOriginsOf({
        twitter: 'https://x.com',
        facebook: 'https://www.facebook.com',
        instagram: 'https://www.instagram.com',
        threads: 'https://www.threads.net',
      }),
    ).toEqual([]);
    expect(
      postLinkOriginsOf({
        twitter: 'http://127.0.0.1:4100',
        linkedIn: 'http://127.0.0.1:4300/',
        bluesky: 'https://bsky.app',
      }),
    ).toEqual([
      { network: 'twitter', origin: 'http://127.0.0.1:4100' },
      { network: 'linkedIn', origin: 'http://127.0.0.1:4300' },
    ]);
  });

  it('lets a configured origin through for its network only, over http too', () => {
    const demo = postLinkOriginsOf({ twitter: 'http://127.0.0.1:4100' });
    expect(postLinkProblem('twitter', 'http://127.0.0.1:4100/a/status/1', demo)).toBeNull();
    expect(postLinkProblem('bluesky', 'http://127.0.0.1:4100/a/status/1', demo)).toBe(
      'not-on-network',
    );
    expect(postLinkProblem('twitter', 'http://127.0.0.1:4101/a/status/1', demo)).toBe('invalid');
    expect(postLinkProblem('twitter', 'https://evil.example/a/status/1', demo)).toBe(
      'not-on-network',
    );
  });
});
