import { describe, expect, it } from 'vitest';
import {
  countCodePoints,
  countGraphemes,
  countThreadsLength,
  countXLength,
  measurePostLength,
  textAsPosted,
} from './post-length.js';

const FAMILY = '👨‍👩‍👧‍👦'; // four people joined by ZWJ: 7 code points
const THUMBS_DARK = '👍🏿'; // thumbs up + skin tone modifier
const FLAG_FR = '🇫🇷'; // two regional indicators
const KEYCAP_ONE = '1️⃣';

describe('countXLength', () => {
  it('counts plain Latin text one per character', () => {
    expect(countXLength('Hello, world!')).toBe(13);
    expect(countXLength('')).toBe(0);
  });

  it('weighs CJK characters 2 each', () => {
    expect(countXLength('日本語')).toBe(6);
    expect(countXLength('한국어 ok')).toBe(9);
  });

  it('counts the light punctuation ranges 1 each', () => {
    // En dash (8211), curly quotes (8216, 8217), ellipsis (8230 is outside: 2).
    expect(countXLength('\u2013\u2018\u2019')).toBe(3);
    expect(countXLength('\u2026')).toBe(2);
  });

  it('counts every URL as 23, however long', () => {
    expect(countXLength('https://example.com')).toBe(23);
    expect(countXLength(`Read https://example.com/${'a'.repeat(200)} now`)).toBe(5 + 23 + 4);
    expect(countXLength('see www.example.org/page.')).toBe(4 + 23 + 1);
    expect(countXLength('bare example.com works')).toBe(5 + 23 + 6);
  });

  it('does not take sentence dots for links', () => {
    expect(countXLength('e.g. this. And that.')).toBe(20);
  });

  it('counts any emoji as 2, including sequences', () => {
    expect(countXLength('😀')).toBe(2);
    expect(countXLength(FAMILY)).toBe(2);
    expect(countXLength(THUMBS_DARK)).toBe(2);
    expect(countXLength(FLAG_FR)).toBe(2);
    expect(countXLength(KEYCAP_ONE)).toBe(2);
    expect(countXLength(`Hi ${FAMILY}${FLAG_FR}!`)).toBe(3 + 2 + 2 + 1);
  });

  it('normalises to NFC first, so a combining accent joins its letter', () => {
    // 'e' + COMBINING ACUTE becomes 'é' (one code point, weight 1).
    expect(countXLength('e\u0301')).toBe(1);
    expect(countXLength('caf\u00e9')).toBe(countXLength('cafe\u0301'));
  });

  it('reaches exactly 280 with 140 CJK characters', () => {
    expect(measurePostLength('twitter', '字'.repeat(140))).toMatchObject({
      length: 280,
      remaining: 0,
      isOver: false,
    });
    expect(measurePostLength('twitter', '字'.repeat(141)).isOver).toBe(true);
  });
});

describe('countGraphemes', () => {
  it('counts what a reader sees as one character', () => {
    expect(countGraphemes('e\u0301')).toBe(1);
    expect(countGraphemes(FAMILY)).toBe(1);
    expect(countGraphemes(`${FLAG_FR}${THUMBS_DARK}`)).toBe(2);
    expect(countGraphemes('日本語')).toBe(3);
    expect(countGraphemes('')).toBe(0);
  });
});

describe('X links, as twitter-text finds them', () => {
  it('does not take the domain of an e-mail address for a link', () => {
    expect(countXLength('mail me@example.com')).toBe(19);
    expect(countXLength('pay $example.com #example.com')).toBe(29);
  });

  it('finds bare domains under the common top-level domains, not inside words', () => {
    expect(countXLength('see example.com')).toBe(4 + 23);
    expect(countXLength('see example.news and example.de')).toBe(4 + 23 + 5 + 23);
    expect(countXLength('file.txt and v1.2')).toBe(17);
    expect(countXLength('Read https://example.com/a/very/long/path/indeed.')).toBe(5 + 23 + 1);
  });

  it('weighs typographic punctuation 1 and a skin-toned or ZWJ emoji 2', () => {
    expect(countXLength('café — “quoted”')).toBe(15);
    expect(countXLength('👍🏽👨‍👩‍👧')).toBe(4);
  });
});

describe('countThreadsLength', () => {
  it('counts a text-style symbol once and a skin-toned emoji as all its bytes', () => {
    expect(countThreadsLength('café')).toBe(4);
    expect(countThreadsLength('👍🏽')).toBe(8);
    expect(countThreadsLength('\u2122')).toBe(1);
  });

  it('counts emoji as their UTF-8 bytes and other characters once', () => {
    expect(countThreadsLength('abc')).toBe(3);
    expect(countThreadsLength('😀')).toBe(4);
    expect(countThreadsLength(FAMILY)).toBe(25);
    expect(countThreadsLength('日本')).toBe(2);
  });
});

describe('measurePostLength', () => {
  it('measures Bluesky in graphemes against 300', () => {
    const text = 'e\u0301'.repeat(300);
    expect(measurePostLength('bluesky', text)).toEqual({
      network: 'bluesky',
      length: 300,
      limit: 300,
      remaining: 0,
      isOver: false,
    });
    expect(measurePostLength('bluesky', `${text}!`).remaining).toBe(-1);
  });

  it('refuses Bluesky text over 3000 bytes even under 300 graphemes', () => {
    // Each family emoji is one grapheme but 25 bytes: 200 of them are 5000 bytes.
    const result = measurePostLength('bluesky', FAMILY.repeat(200));
    expect(result.length).toBe(200);
    expect(result.isOver).toBe(true);
  });

  it('measures LinkedIn, Instagram and Facebook in code points', () => {
    expect(countCodePoints(FAMILY)).toBe(7);
    expect(measurePostLength('linkedIn', 'a'.repeat(3001))).toMatchObject({
      limit: 3000,
      remaining: -1,
      isOver: true,
    });
    expect(measurePostLength('instagram', 'a'.repeat(2200)).isOver).toBe(false);
    expect(measurePostLength('facebook', 'hello').remaining).toBe(63201);
  });

  it('measures Threads against 500', () => {
    expect(measurePostLength('threads', '😀'.repeat(125)).isOver).toBe(false);
    expect(measurePostLength('threads', '😀'.repeat(126)).isOver).toBe(true);
  });
});

describe('the link, counted where the network puts it', () => {
  const link = 'https://example.com/a/very/long/path/to/an/article?with=query';

  it('joins the text on X (as 23 characters) and on Instagram', () => {
    const text = 'x'.repeat(250);
    expect(measurePostLength('twitter', text, { link }).length).toBe(250 + 2 + 23);
    expect(measurePostLength('twitter', text, { link }).isOver).toBe(false);
    expect(measurePostLength('twitter', 'x'.repeat(256), { link }).isOver).toBe(true);
    expect(measurePostLength('instagram', 'Hello', { link }).length).toBe(5 + 2 + link.length);
  });

  it('stays a card elsewhere unless media takes the card’s place', () => {
    expect(measurePostLength('bluesky', 'Hello', { link }).length).toBe(5);
    expect(measurePostLength('bluesky', 'Hello', { link, hasMedia: true }).length).toBe(
      5 + 2 + [...link].length,
    );
    expect(measurePostLength('linkedIn', 'Hello', { link }).length).toBe(5);
  });

  it('is not counted twice when the author already wrote it in', () => {
    expect(measurePostLength('twitter', `Read ${link}`, { link }).length).toBe(5 + 23);
  });
});

describe('textAsPosted', () => {
  it('trims the text and joins the link after a blank line', () => {
    expect(textAsPosted('twitter', '  Hi  ', { link: ' https://a.example/x ' })).toBe(
      'Hi\n\nhttps://a.example/x',
    );
    expect(textAsPosted('bluesky', '  Hi  ', { link: 'https://a.example/x' })).toBe('Hi');
  });

  it('gives a Threads text post with only a link that link as its text', () => {
    expect(textAsPosted('threads', ' ', { link: 'https://a.example/x' })).toBe(
      'https://a.example/x',
    );
    expect(textAsPosted('linkedIn', ' ', { link: 'https://a.example/x' })).toBe('');
  });
});
