/**
 * Post commentary is LinkedIn "little" text, where `\ | { } @ [ ] ( ) < > # * _ ~` start
 * mentions and templates. Unescaped, they are reported to cut the post short without an
 * error, so plain text escapes them with a backslash
 * (https://learn.microsoft.com/linkedin/marketing/community-management/shares/little-text-format).
 */
const RESERVED = /[\\|{}@[\]()<>#*_~]/g;

/**
 * Kept as written: URLs (so LinkedIn still links them) and `#word` hashtags, which little text
 * accepts as a hashtag element. A hashtag starts the text or follows whitespace and has a letter.
 */
const KEPT = /https?:\/\/[^\s\\]+|(?<=^|\s)#(?=\p{N}*\p{L})[\p{L}\p{M}\p{N}]+/gu;

function escapePlain(text: string): string {
  return text.replace(RESERVED, (character) => `\\${character}`);
}

/** Sentence punctuation and an unopened ')' after a URL belong to the sentence. */
function trimUrl(url: string): string {
  let trimmed = url.replace(/[.,;:!?'"]+$/u, '');
  while (trimmed.endsWith(')') && !trimmed.includes('(')) {
    trimmed = trimmed.slice(0, -1).replace(/[.,;:!?'"]+$/u, '');
  }
  return trimmed;
}

/** Turns the user's plain text into commentary that LinkedIn shows exactly as typed. */
export function toLittleText(text: string): string {
  let commentary = '';
  let position = 0;
  for (const match of text.matchAll(KEPT)) {
    if (match.index < position) continue;
    const kept = match[0].startsWith('#') ? match[0] : trimUrl(match[0]);
    commentary += escapePlain(text.slice(position, match.index)) + kept;
    position = match.index + kept.length;
  }
  return commentary + escapePlain(text.slice(position));
}
