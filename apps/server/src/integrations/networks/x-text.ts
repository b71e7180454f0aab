/**
 * X's weighted length, after twitter-text v3 (`parseTweet` with the v3 config): the text is
 * NFC-normalised, every URL counts as 23 (t.co), each emoji (even a multi-code-point sequence)
 * counts 2, code points in the ranges below count 1 and everything else (CJK and the like) 2.
 * https://docs.x.com/fundamentals/counting-characters
 *
 * Approximation: twitter-text recognises bare domains against the full TLD list; this checks
 * schemes plus common TLDs only. Miscounting a rare bare domain only means X itself rejects
 * the post (classified `invalid`), never that a valid post is refused here.
 */
export const X_MAX_WEIGHTED_LENGTH = 280;
export const X_URL_WEIGHT = 23;

const WEIGHT_ONE_RANGES: ReadonlyArray<readonly [number, number]> = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];

const COMMON_TLDS =
  'com|org|net|edu|gov|io|co|dev|app|ai|me|info|biz|xyz|ly|tv|news|blog|shop|tech|online|site';
// A bare domain right after "@" is an e-mail address, not a link.
const URL_PATTERN = new RegExp(
  String.raw`\bhttps?:\/\/[^\s<>"]+|(?<![@\w.-])(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:${COMMON_TLDS})\b(?:\/[^\s<>"]*)?`,
  'giu',
);
// twitter-text leaves closing punctuation out of a link ("see example.com/a." ends at "a").
const TRAILING_PUNCTUATION = /[.,;:!?'")\]]+$/u;

const EMOJI_HINT = /\p{Emoji_Presentation}|\p{Regional_Indicator}|\uFE0F|\u20E3/u;
const PICTOGRAPH = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

function codePointWeight(codePoint: number): number {
  return WEIGHT_ONE_RANGES.some(([from, to]) => codePoint >= from && codePoint <= to) ? 1 : 2;
}

function plainTextWeight(text: string): number {
  let weight = 0;
  for (const { segment } of graphemes.segment(text)) {
    if (EMOJI_HINT.test(segment) && PICTOGRAPH.test(segment)) {
      weight += 2;
      continue;
    }
    for (const char of segment) weight += codePointWeight(char.codePointAt(0) ?? 0);
  }
  return weight;
}

export function xWeightedLength(text: string): number {
  const normalized = text.normalize('NFC');
  let weight = 0;
  let cursor = 0;
  for (const match of normalized.matchAll(URL_PATTERN)) {
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    weight += plainTextWeight(normalized.slice(cursor, match.index)) + X_URL_WEIGHT;
    cursor = match.index + url.length;
  }
  return weight + plainTextWeight(normalized.slice(cursor));
}
