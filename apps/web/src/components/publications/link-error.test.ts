import { PUBLICATION_MESSAGES } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { linkError } from './link-error';

describe('linkError', () => {
  it("accepts an https link on the publication's network, with or without www", () => {
    expect(linkError('twitter', 'https://x.com/acme/status/1')).toBeUndefined();
    expect(linkError('twitter', '  https://twitter.com/acme/status/1  ')).toBeUndefined();
    expect(linkError('linkedIn', 'https://www.linkedin.com/feed/update/urn:li:share:1/')).toBe(
      undefined,
    );
    expect(linkError('bluesky', 'https://bsky.app/profile/acme.test/post/3k')).toBeUndefined();
  });

  it('asks for a link when there is none, and for a full https one', () => {
    expect(linkError('twitter', '')).toBe(PUBLICATION_MESSAGES.linkRequired);
    expect(linkError('twitter', '   ')).toBe(PUBLICATION_MESSAGES.linkRequired);
    expect(linkError('twitter', 'x.com/acme/status/1')).toBe(PUBLICATION_MESSAGES.linkInvalid);
    expect(linkError('twitter', 'http://x.com/acme/status/1')).toBe(
      PUBLICATION_MESSAGES.linkInvalid,
    );
    expect(linkError('twitter', 'javascript:alert(1)')).toBe(PUBLICATION_MESSAGES.linkInvalid);
  });

  it("refuses another network's link and look-alike hosts", () => {
    const notOnX = PUBLICATION_MESSAGES.linkNotOnNetwork('X/Twitter');
    expect(linkError('twitter', 'https://bsky.app/profile/acme/post/1')).toBe(notOnX);
    expect(linkError('twitter', 'https://x.com.evil.example/acme')).toBe(notOnX);
    expect(linkError('twitter', 'https://notx.com/acme')).toBe(notOnX);
  });

  it("accepts the links of the server's configured stand-ins (the demo), and only for their network", () => {
    const demo = [
      { network: 'twitter', origin: 'http://127.0.0.1:4100' },
      { network: 'bluesky', origin: 'http://127.0.0.1:4200' },
    ] as const;
    expect(linkError('twitter', 'http://127.0.0.1:4100/harborcoffee/status/7', demo)).toBe(
      undefined,
    );
    expect(linkError('twitter', 'https://x.com/acme/status/1', demo)).toBeUndefined();
    expect(linkError('twitter', 'http://127.0.0.1:4200/profile/acme/post/1', demo)).toBe(
      PUBLICATION_MESSAGES.linkNotOnNetwork('X/Twitter'),
    );
    expect(linkError('twitter', 'http://127.0.0.1:4999/acme/status/1', demo)).toBe(
      PUBLICATION_MESSAGES.linkInvalid,
    );
    expect(linkError('twitter', 'http://127.0.0.1:4100/harborcoffee/status/7')).toBe(
      PUBLICATION_MESSAGES.linkInvalid,
    );
  });
});
