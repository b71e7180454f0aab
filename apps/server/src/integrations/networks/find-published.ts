import type { FindPublishedWindow } from './types.js';

/** Pages of a network's list read at most when looking for one post (newest first). */
export const MAX_READ_PAGES = 5;

/** Text as networks give it back: line endings, runs of spaces and the ends aside. */
function normalized(text: string): string {
  return text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .trim();
}

/** Whether a post the network holds carries the text that was sent. */
export function sameText(sent: string, found: string | null | undefined): boolean {
  return normalized(sent) === normalized(found ?? '');
}

/**
 * A network's time stamp as milliseconds: ISO 8601, also with Meta's `+0000` offsets, or
 * milliseconds since the epoch; NaN when unreadable.
 */
export function networkTime(value: string | number | undefined | null): number {
  if (typeof value === 'number') return value;
  if (!value) return Number.NaN;
  return Date.parse(value.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
}

/**
 * Whether a post made at `at` falls in the claim's window. Networks date posts to the second,
 * so the claim's own second counts; anything older never does.
 */
export function madeWithin(at: number, window: FindPublishedWindow): boolean {
  return Number.isFinite(at) && at >= Math.floor(window.since.getTime() / 1000) * 1000;
}

/** The window's start as networks take it in a query: whole seconds. */
export const sinceSeconds = (window: FindPublishedWindow) =>
  Math.floor(window.since.getTime() / 1000);

/** The window's start as RFC 3339 without fractions (X's `start_time`). */
export const sinceIso = (window: FindPublishedWindow) =>
  new Date(sinceSeconds(window) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
