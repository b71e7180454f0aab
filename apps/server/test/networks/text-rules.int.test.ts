import { NETWORK_IDS, measurePostLength, type NetworkId } from '@cadence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBlueskyAdapter } from '../../src/integrations/networks/bluesky.js';
import { createFacebookAdapter } from '../../src/integrations/networks/facebook.js';
import { createInstagramAdapter } from '../../src/integrations/networks/instagram.js';
import { createLinkedInAdapter } from '../../src/integrations/networks/linkedin.js';
import { createThreadsAdapter } from '../../src/integrations/networks/threads.js';
import {
  NetworkError,
  type NetworkCredentials,
  type PublishInput,
} from '../../src/integrations/networks/types.js';
import { createXAdapter } from '../../src/integrations/networks/x.js';
import { startFakeHttp, type FakeRequest } from '@cadence/fakes';

/**
 * One table for every network: the post form's preview (`measurePostLength`, what the web's
 * post form shows) says "over" exactly when the adapter refuses the text before it calls the
 * network. The network here is a recorder that answers every call with 401, so any request it
 * sees means the adapter's pre-flight let the text through.
 */

const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // 7 code points, 25 bytes
const THUMBS_DARK = '\u{1F44D}\u{1F3FF}';
const FLAG_FR = '\u{1F1EB}\u{1F1F7}';
const KEYCAP = '1\uFE0F\u20E3';
const E_ACUTE = 'e\u0301'; // e + combining acute: 2 code points, 1 grapheme, NFC to 1 on X
const LINK = 'https://example.com/articles/2026/launch?ref=cadence';

/** Texts that are tricky in someone's way of counting, short enough to fit everywhere. */
const TRICKY: Record<string, string> = {
  'URL with scheme': 'Read https://example.com/a/very/long/path/that/keeps/going/on/and/on.',
  'URL without scheme': 'see example.com/page and www.example.org, or example.news',
  'e-mail address': 'write to hello@example.com or sales@example.co.uk',
  'emoji, skin tone, flag, keycap': `Launch ${THUMBS_DARK}${FLAG_FR}${KEYCAP}\u{1F680}`,
  'ZWJ sequence': `Family day ${FAMILY}${FAMILY}`,
  CJK: '新しい製品を発売します。한국어도 있어요',
  'combining marks': `Caf${E_ACUTE} cr${E_ACUTE}me br\u00FBl${E_ACUTE}e`,
  'link already in the text': `Out now: ${LINK}`,
};

/** Text exactly at a network's limit and one unit over, in that network's own units. */
function atTheLimit(network: NetworkId): Record<string, string> {
  switch (network) {
    case 'twitter':
      return {
        'X: 280 latin': 'a'.repeat(280),
        'X: 281 latin': 'a'.repeat(281),
        'X: 140 CJK': '字'.repeat(140),
        'X: 140 CJK and one more': `${'字'.repeat(140)}a`,
        'X: 140 ZWJ emoji': FAMILY.repeat(140),
        'X: 141 ZWJ emoji': FAMILY.repeat(141),
        'X: text and URL at 280': `${'a'.repeat(256)} https://example.com/${'p'.repeat(300)}`,
        'X: text and URL at 281': `${'a'.repeat(257)} https://example.com/${'p'.repeat(300)}`,
        'X: 276 and an e-mail of 4': `${'a'.repeat(272)} a@b.com`,
        'X: 255 and the joined link': 'a'.repeat(255),
        'X: 256 and the joined link': 'a'.repeat(256),
        'X: 280 combining marks (NFC)': E_ACUTE.repeat(280),
        'X: 281 combining marks (NFC)': E_ACUTE.repeat(281),
      };
    case 'bluesky':
      return {
        'Bluesky: 300 graphemes': E_ACUTE.repeat(300),
        'Bluesky: 301 graphemes': E_ACUTE.repeat(301),
        'Bluesky: 120 ZWJ emoji (3000 bytes)': FAMILY.repeat(120),
        'Bluesky: 120 ZWJ emoji and one byte': `${FAMILY.repeat(120)}a`,
        'Bluesky: 300 with a bare URL': `${'a'.repeat(288)} example.com`,
        'Bluesky: 301 with a bare URL': `${'a'.repeat(289)} example.com`,
      };
    case 'threads':
      return {
        'Threads: 500 characters': 'a'.repeat(500),
        'Threads: 501 characters': 'a'.repeat(501),
        'Threads: 125 emoji (500 bytes)': '\u{1F600}'.repeat(125),
        'Threads: 126 emoji': '\u{1F600}'.repeat(126),
        'Threads: 20 ZWJ emoji': FAMILY.repeat(20),
        'Threads: 20 ZWJ emoji and one': `${FAMILY.repeat(20)}a`,
        'Threads: 500 CJK': '字'.repeat(500),
        'Threads: 501 CJK': '字'.repeat(501),
      };
    case 'linkedIn':
      return {
        'LinkedIn: 3000 characters': 'a'.repeat(3000),
        'LinkedIn: 3001 characters': 'a'.repeat(3001),
        'LinkedIn: 1500 combining marks': E_ACUTE.repeat(1500),
        'LinkedIn: 1500 combining marks and one': `${E_ACUTE.repeat(1500)}a`,
        'LinkedIn: reserved characters at 3000': '(#_*)'.repeat(600),
      };
    case 'instagram':
      return {
        'Instagram: 2200 characters': 'a'.repeat(2200),
        'Instagram: 2201 characters': 'a'.repeat(2201),
        'Instagram: 2200 with the joined link': 'a'.repeat(2200 - 2 - LINK.length),
        'Instagram: 2201 with the joined link': 'a'.repeat(2201 - 2 - LINK.length),
        'Instagram: 314 ZWJ emoji': FAMILY.repeat(314),
        'Instagram: 315 ZWJ emoji': FAMILY.repeat(315),
      };
    case 'facebook':
      return {
        'Facebook: 63206 characters': 'a'.repeat(63206),
        'Facebook: 63207 characters': 'a'.repeat(63207),
        'Facebook: 63206 with the joined link': 'a'.repeat(63206 - 2 - LINK.length),
        'Facebook: 63207 with the joined link': 'a'.repeat(63207 - 2 - LINK.length),
      };
  }
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const IMAGE = {
  url: 'https://cdn.example.com/rocket.png',
  mimeType: 'image/png',
  open: () => Promise.resolve(new Blob([PNG])),
};

/** Where the link goes varies: no link, a link (a card where the network has one), link + image. */
function variants(network: NetworkId) {
  const all = [
    { name: 'text only', link: null, hasMedia: false },
    { name: 'with a link', link: LINK, hasMedia: false },
    { name: 'with a link and an image', link: LINK, hasMedia: true },
    { name: 'with an image', link: null, hasMedia: true },
  ];
  // Instagram refuses any post without media, whatever its text: that is not a length rule.
  return network === 'instagram' ? all.filter((variant) => variant.hasMedia) : all;
}

const CREDENTIALS: NetworkCredentials = {
  twitter: { apiKey: 'k', apiSecret: 's', accessToken: 't', accessTokenSecret: 'ts' },
  facebook: {
    appId: '1',
    appSecret: 's',
    accessToken: 'u',
    pageId: '2',
    pageAccessToken: 'p',
  },
  linkedIn: { clientId: 'c', clientSecret: 's', accessToken: 't', memberId: 'm' },
  instagram: { accessToken: 't', igUserId: '3' },
  bluesky: { username: 'cadence.test', appPassword: 'abcd-efgh-ijkl-mnop' },
  threads: { accessToken: 't', clientSecret: 's', userId: '4' },
};

describe('the preview and the adapters measure post text the same way', () => {
  const requests: FakeRequest[] = [];
  let network: Awaited<ReturnType<typeof startFakeHttp>>;
  let publish: (id: NetworkId, post: PublishInput) => Promise<unknown>;

  beforeAll(async () => {
    network = await startFakeHttp((request) => {
      requests.push(request);
      return { status: 401, json: { error: { message: 'recorder', code: 190 } } };
    });
    const base = network.origin;
    const adapters = {
      twitter: createXAdapter({ baseUrl: base, timeoutMs: 5_000 }),
      facebook: createFacebookAdapter({ baseUrl: base, timeoutMs: 5_000 }),
      linkedIn: createLinkedInAdapter({ baseUrl: base, timeoutMs: 5_000 }),
      instagram: createInstagramAdapter({ baseUrl: base, timeoutMs: 5_000 }),
      bluesky: createBlueskyAdapter({ serviceUrl: base, timeoutMs: 5_000 }),
      threads: createThreadsAdapter({ baseUrl: base, timeoutMs: 5_000 }),
    };
    publish = (id, post) =>
      (adapters[id].publish as (p: PublishInput, c: unknown) => Promise<unknown>)(
        post,
        CREDENTIALS[id],
      );
  });

  afterAll(async () => {
    await network.close();
  });

  /** True when the adapter refused the post without a single request to the network. */
  async function adapterRefuses(id: NetworkId, post: PublishInput): Promise<boolean> {
    requests.length = 0;
    try {
      await publish(id, post);
    } catch (error) {
      if (!(error instanceof NetworkError)) throw error;
      if (requests.length === 0) {
        expect(error.kind).toBe('invalid');
        return true;
      }
      return false;
    }
    throw new Error('The recorder answers 401 to everything; publishing cannot succeed');
  }

  for (const id of NETWORK_IDS) {
    it(`agrees on ${id}`, async () => {
      const texts = { ...TRICKY, ...atTheLimit(id) };
      const verdicts: string[] = [];
      let overCount = 0;
      let fitCount = 0;
      for (const [label, text] of Object.entries(texts)) {
        for (const variant of variants(id)) {
          const preview = measurePostLength(id, text, variant).isOver;
          const refused = await adapterRefuses(id, {
            text,
            link: variant.link,
            media: variant.hasMedia ? IMAGE : null,
          });
          if (preview) overCount += 1;
          else fitCount += 1;
          verdicts.push(
            `${label} (${variant.name}): preview ${preview ? 'over' : 'fits'}, adapter ${refused ? 'refuses' : 'sends'}`,
          );
          expect(refused, verdicts.at(-1)).toBe(preview);
        }
      }
      // The table must exercise both sides of the limit on every network.
      expect(overCount).toBeGreaterThan(0);
      expect(fitCount).toBeGreaterThan(0);
    });
  }

  it('pins the boundary cases the table relies on', () => {
    expect(measurePostLength('twitter', 'a'.repeat(255), { link: LINK }).length).toBe(280);
    expect(measurePostLength('twitter', `${'a'.repeat(272)} a@b.com`).length).toBe(280);
    expect(measurePostLength('twitter', FAMILY.repeat(140)).length).toBe(280);
    expect(measurePostLength('bluesky', `${'a'.repeat(288)} example.com`).length).toBe(300);
    expect(measurePostLength('bluesky', FAMILY.repeat(120)).isOver).toBe(false);
    expect(measurePostLength('threads', FAMILY.repeat(20)).length).toBe(500);
    expect(measurePostLength('instagram', FAMILY.repeat(314)).length).toBe(2198);
    expect(measurePostLength('instagram', FAMILY.repeat(315)).length).toBe(2205);
  });
});
