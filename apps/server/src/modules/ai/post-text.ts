import { POST_MESSAGES } from '@cadence/shared';

const ELLIPSIS = '…';
/** A cut at a sentence end reads better than an ellipsis, unless it throws away too much. */
const SENTENCE_END_MIN_SHARE = 0.6;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Removes the quotes or heading models like to wrap an answer in. */
export function cleanAnswer(text: string): string {
  return text
    .trim()
    .replace(/^(post|answer|text)\s*:\s*/i, '')
    .replace(/^["“']([\s\S]*)["”']$/, '$1')
    .trim();
}

/**
 * Shortens `text` to at most `max` UTF-16 units (so also at most `max` characters however a
 * network counts them), cutting at a sentence end or a word boundary, never inside a
 * grapheme (an emoji, a flag, a letter with its accents).
 */
export function trimToLength(text: string, max: number): string {
  const clean = text.trim();
  if (clean.length <= max) return clean;
  const limit = max - ELLIPSIS.length;
  let end = 0;
  for (const { index, segment } of graphemes.segment(clean)) {
    if (index + segment.length > limit) break;
    end = index + segment.length;
  }
  let head = clean.slice(0, end);
  const isAtWordEnd = /\s/.test(clean.charAt(end));
  if (!isAtWordEnd) {
    const lastSpace = /\s+\S*$/.exec(head);
    if (lastSpace && lastSpace.index > 0) head = head.slice(0, lastSpace.index);
  }
  head = head.trimEnd();

  const sentenceEnds = [...head.matchAll(/[.!?](?=\s|$)/g)];
  const lastSentenceEnd = sentenceEnds.at(-1);
  if (lastSentenceEnd && lastSentenceEnd.index + 1 >= limit * SENTENCE_END_MIN_SHARE) {
    return head.slice(0, lastSentenceEnd.index + 1);
  }
  return `${head.replace(/[\s,;:–—-]+$/, '')}${ELLIPSIS}`;
}

/**
 * Reads a model's comma list of hashtags: keeps items that start with '#' and hold no
 * spaces, trimmed of trailing punctuation, de-duplicated ignoring case, at most `count`.
 */
export function parseHashtags(text: string, count: number): string[] {
  const seen = new Set<string>();
  const hashtags: string[] = [];
  const candidates = text
    .split(/[,\n]/)
    .map((item) => item.trim().replace(/^[-*•\d.)\s]+(?=#)/, ''))
    .flatMap((item) => {
      // '#a #b' (a list without commas) is several hashtags; '#social media' is none.
      const words = item.split(/\s+/);
      return words.every((word) => word.startsWith('#')) ? words : [item];
    });
  for (const candidate of candidates) {
    const hashtag = candidate.replace(/[.,;:!?"']+$/, '');
    if (!/^#[\p{L}\p{N}_]+$/u.test(hashtag)) continue;
    const key = hashtag.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    hashtags.push(hashtag);
    if (hashtags.length >= count) break;
  }
  return hashtags;
}

/** Puts generated text where the [AI] marker stands (every one), or answers just the text. */
export function replaceAiMarker(content: string, generated: string): string {
  if (!content.includes(POST_MESSAGES.aiMarker)) return generated;
  return content.split(POST_MESSAGES.aiMarker).join(generated);
}

/** The distinct keywords of a comma-separated list. */
export function splitKeywords(keywords: string | null | undefined): string[] {
  const seen = new Set<string>();
  return (keywords ?? '')
    .split(',')
    .map((keyword) => keyword.trim())
    .filter((keyword) => {
      const key = keyword.toLowerCase();
      if (!keyword || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}
