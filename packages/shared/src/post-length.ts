import type { NetworkId } from './networks.js';

/**
 * How long a post is in each network's own way of counting, so the form can warn before a
 * network refuses it. Pure and dependency-free: the browser and the server use the same rules.
 *
 * - X: 280 weighted characters, twitter-text v3 rules
 *   (https://github.com/twitter/twitter-text/blob/master/config/v3.json): NFC first; code
 *   points in the Latin/punctuation ranges weigh 1, all others 2; every URL weighs 23 (t.co);
 *   each emoji, however many code points it is made of, weighs 2.
 * - Bluesky: 300 graphemes (what a reader sees as one character), and 3000 UTF-8 bytes.
 * - Threads: 500 characters, where Meta counts an emoji as its UTF-8 byte length.
 * - LinkedIn 3000, Instagram 2200, Facebook 63206: Unicode code points (their documented
 *   "characters"; an emoji made of several code points counts each of them, which errs on the
 *   side of warning).
 */
export const NETWORK_TEXT_LIMITS: Record<NetworkId, number> = {
  twitter: 280,
  bluesky: 300,
  threads: 500,
  linkedIn: 3000,
  instagram: 2200,
  facebook: 63206,
};

export const BLUESKY_MAX_BYTES = 3000;
export const X_URL_WEIGHT = 23;

/** twitter-text v3: code point ranges that weigh 1; everything else weighs 2. */
const X_LIGHT_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0, 4351],
  [8192, 8205],
  [8208, 8223],
  [8242, 8247],
];

/**
 * A value made on first use. The patterns below (Unicode properties, and all emoji sequences
 * for the `v` flag) take 45 ms to build at a phone's 4x slower CPU: built when the module
 * loaded, every screen importing it paid that before its first render.
 */
function onFirstUse<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * One emoji as people see it: keycaps, flags, skin tones and ZWJ sequences included. Built with
 * RegExp so the `v` flag (Unicode sets, ES2024) is not checked against the compile target.
 */
const emojiPattern = onFirstUse(() => new RegExp('\\p{RGI_Emoji}', 'gv'));

/**
 * Top-level domains that make a bare domain (no scheme) a link, as twitter-text does with its
 * full list. This is the common subset; a rare TLD left out only means X counts that domain
 * as text and may refuse what the form let through, never the reverse on a common one.
 */
const BARE_URL_TLDS =
  'com|org|net|edu|gov|io|co|dev|app|ai|info|biz|me|tv|news|blog|shop|tech|online|site|xyz|' +
  'ly|gl|gg|uk|us|de|fr|es|it|nl|eu|ca|au|in|jp';

/**
 * A link as X detects one: with a scheme, starting with www., or a bare domain under a common
 * top-level domain. Like twitter-text, a link never starts right after a letter, digit, `@`,
 * `$` or `#` (so the domain of an e-mail address is not a link), and a bare one not after
 * `-`, `_`, `.` or `/`.
 */
const urlPattern = onFirstUse(
  () =>
    new RegExp(
      String.raw`(?<![\p{L}\p{N}@＠$#＃])https?:\/\/[^\s<>"]+` +
        String.raw`|(?<![\p{L}\p{N}@＠$#＃\-_./])(?:www\.|(?=(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:${BARE_URL_TLDS})(?![\p{L}\p{N}-])))[^\s<>"]+`,
      'giu',
    ),
);
const URL_TRAILING = /[.,!?;:'")\]}]+$/u;

interface TextPart {
  text: string;
  isUrl: boolean;
}

/** Splits text into URL and non-URL parts, in order. */
function splitUrls(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(urlPattern())) {
    const url = match[0].replace(URL_TRAILING, '');
    // 'co.' or 'www.' alone is not a link.
    if (!/\.[^.]/u.test(url)) continue;
    const start = match.index;
    if (start > last) parts.push({ text: text.slice(last, start), isUrl: false });
    parts.push({ text: url, isUrl: true });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last), isUrl: false });
  return parts;
}

function xCodePointWeight(codePoint: number): number {
  return X_LIGHT_RANGES.some(([low, high]) => codePoint >= low && codePoint <= high) ? 1 : 2;
}

/** Sums `weigh` over the text, with every emoji match counted by `emojiWeight` instead. */
function sumWithEmoji(
  text: string,
  emojiWeight: (emoji: string) => number,
  weigh: (codePoint: number) => number,
): number {
  let total = 0;
  let last = 0;
  const addPlain = (plain: string) => {
    for (const char of plain) total += weigh(char.codePointAt(0) ?? 0);
  };
  for (const match of text.matchAll(emojiPattern())) {
    addPlain(text.slice(last, match.index));
    total += emojiWeight(match[0]);
    last = match.index + match[0].length;
  }
  addPlain(text.slice(last));
  return total;
}

/** X's weighted length (280 allowed). */
export function countXLength(text: string): number {
  return splitUrls(text.normalize('NFC')).reduce(
    (total, part) =>
      total + (part.isUrl ? X_URL_WEIGHT : sumWithEmoji(part.text, () => 2, xCodePointWeight)),
    0,
  );
}

const graphemeSegmenter = onFirstUse(
  () => new Intl.Segmenter(undefined, { granularity: 'grapheme' }),
);

/** Characters as a reader sees them: 'e\u0301' is one, a family emoji is one. */
export function countGraphemes(text: string): number {
  let count = 0;
  for (const segment of graphemeSegmenter().segment(text)) {
    if (segment.segment !== '') count += 1;
  }
  return count;
}

export function countCodePoints(text: string): number {
  let count = 0;
  for (const char of text) if (char !== '') count += 1;
  return count;
}

const utf8 = new TextEncoder();

export function countUtf8Bytes(text: string): number {
  return utf8.encode(text).length;
}

/** Threads: one per code point, except that an emoji counts its UTF-8 bytes. */
export function countThreadsLength(text: string): number {
  return sumWithEmoji(text, countUtf8Bytes, () => 1);
}

export interface PostLength {
  network: NetworkId;
  /** The length in the network's own units. */
  length: number;
  limit: number;
  /** May be negative: how far over the limit the text is. */
  remaining: number;
  /** True when the network would refuse the text (Bluesky also caps the bytes). */
  isOver: boolean;
}

export interface PostTextExtras {
  link?: string | null | undefined;
  hasMedia?: boolean;
}

/**
 * The text as the publisher sends it to `network`, trimmed: X and Instagram always carry the
 * link in the text; the others show it as a card, unless media takes the card's place. A
 * Threads text post with a link and no text uses the link as its text (a text container needs
 * text). A link the author already wrote into the text is not added twice.
 */
export function textAsPosted(
  network: NetworkId,
  text: string,
  extras: PostTextExtras = {},
): string {
  const body = text.trim();
  const link = extras.link?.trim();
  if (!link) return body;
  const joinsText = network === 'twitter' || network === 'instagram' || extras.hasMedia === true;
  if (!joinsText) return network === 'threads' && !body ? link : body;
  if (body.includes(link)) return body;
  return body ? `${body}\n\n${link}` : link;
}

/** How text that is already composed (see `textAsPosted`) measures on `network`. */
export function measurePostedText(network: NetworkId, text: string): PostLength {
  const limit = NETWORK_TEXT_LIMITS[network];
  let length: number;
  let isOverBytes = false;
  switch (network) {
    case 'twitter':
      length = countXLength(text);
      break;
    case 'bluesky':
      length = countGraphemes(text);
      isOverBytes = countUtf8Bytes(text) > BLUESKY_MAX_BYTES;
      break;
    case 'threads':
      length = countThreadsLength(text);
      break;
    default:
      length = countCodePoints(text);
  }
  return {
    network,
    length,
    limit,
    remaining: limit - length,
    isOver: length > limit || isOverBytes,
  };
}

/** How `text` measures on `network`, with the link counted where the network puts it in. */
export function measurePostLength(
  network: NetworkId,
  rawText: string,
  extras: PostTextExtras = {},
): PostLength {
  return measurePostedText(network, textAsPosted(network, rawText, extras));
}

/**
 * What an adapter sends and how it measures, in one call: the adapters refuse a post whose
 * `measured.isOver` is true before calling the network, exactly when the form's preview
 * says it is over.
 */
export function composePostText(
  network: NetworkId,
  post: { text: string; link?: string | null | undefined; hasMedia?: boolean },
): { text: string; measured: PostLength } {
  const text = textAsPosted(network, post.text, post);
  return { text, measured: measurePostedText(network, text) };
}
