/**
 * Our request bodies nest a few levels (a post, a schedule with its networks, settings);
 * this is far above them and far below what makes JSON.parse slow (1 MB of nested `[`
 * takes it about half a second, decision 102).
 */
export const JSON_MAX_DEPTH = 32;

/**
 * Whether JSON text nests arrays and objects deeper than `max`: one pass over the text
 * that skips strings, before anything parses it. Malformed text is left to the parser.
 */
export function jsonNestsDeeper(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22 /* " */) {
      // To the closing quote: a backslash escapes the character after it.
      for (i++; i < text.length; i++) {
        const inner = text.charCodeAt(i);
        if (inner === 0x5c) i++;
        else if (inner === 0x22) break;
      }
    } else if (code === 0x5b /* [ */ || code === 0x7b /* { */) {
      depth++;
      if (depth > max) return true;
    } else if (code === 0x5d /* ] */ || code === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
