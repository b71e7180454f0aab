import type { PageText } from '../html-text.js';

/** The names of the errors the tasks throw: an SVG refused as active; markup over a scan's caps. */
export const UNSAFE_SVG = 'UnsafeSvgError';
export const TOO_COMPLEX = 'TooComplexMarkupError';

/** An error the worker passes on by its name (the only part of an error that crosses). */
export function namedError(name: typeof UNSAFE_SVG | typeof TOO_COMPLEX, message: string) {
  const error = new Error(message);
  error.name = name;
  return error;
}

/** The refusal of markup over a scan's caps. */
export function overCaps(
  scan: { reason: 'elements' | 'depth' | 'undrawn' },
  limits: { maxElements: number; maxDepth: number; maxUndrawn?: number },
) {
  const detail = {
    elements: `more than ${limits.maxElements} elements`,
    depth: `more than ${limits.maxDepth} levels of nesting`,
    undrawn: `more than ${limits.maxUndrawn} elements that draw nothing`,
  };
  return namedError(TOO_COMPLEX, detail[scan.reason]);
}

/** What the server's main thread asks of the markup worker. */
export type MarkupRequest =
  | { id: number; task: 'clean-svg'; input: Uint8Array }
  | { id: number; task: 'page-text'; input: string };

export interface MarkupOutputs {
  'clean-svg': string;
  'page-text': PageText;
}

export type MarkupTask = MarkupRequest['task'];

/**
 * The worker's answers: `started` once its libraries are loaded and the task's own work
 * begins (the time limit counts from here), then `done` or `failed`.
 */
export type MarkupReply =
  | { id: number; type: 'started' }
  | { id: number; type: 'done'; output: MarkupOutputs[MarkupTask] }
  | { id: number; type: 'failed'; reason: 'unsafe' | 'too-complex' | 'error'; message: string };
