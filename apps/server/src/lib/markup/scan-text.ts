/** Caps of a markup pre-scan (svg-scan.ts, html-scan.ts). */
export interface MarkupLimits {
  maxElements: number;
  maxDepth: number;
}

export const isSpace = (code: number) =>
  code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0c || code === 0x0d;

export const isLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;

/**
 * Finds `needle` at or after `from`, remembering the answer: a scan only moves forward, so
 * each needle is searched for at most once per occurrence and the pass stays linear however
 * many comments the text has.
 */
export function forwardFinder(text: string) {
  const found = new Map<string, number>();
  return (needle: string, from: number) => {
    const known = found.get(needle);
    if (known !== undefined && (known === -1 || known >= from)) return known;
    const at = text.indexOf(needle, from);
    found.set(needle, at);
    return at;
  };
}
