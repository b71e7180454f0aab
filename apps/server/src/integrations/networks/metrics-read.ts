import type { PostMetrics } from './types.js';

/** A count the network may leave out: missing or unreadable is 0. */
export const countOf = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : 0;

/**
 * One post's numbers from the counts a network named: every number kept in `raw` under the
 * network's own name, missing ones left out of `raw` and counted 0 in the totals.
 */
export function postMetrics(
  raw: Record<string, unknown>,
  totals: { likes: string[]; comments: string[]; shares: string[]; impressions?: string },
): PostMetrics {
  const kept: Record<string, number> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (typeof value === 'number' && Number.isFinite(value)) kept[name] = countOf(value);
  }
  const sum = (names: string[]) => names.reduce((total, name) => total + (kept[name] ?? 0), 0);
  return {
    likes: sum(totals.likes),
    comments: sum(totals.comments),
    shares: sum(totals.shares),
    impressions:
      totals.impressions !== undefined && kept[totals.impressions] !== undefined
        ? kept[totals.impressions]!
        : null,
    raw: kept,
  };
}

/** Splits ids into the batches one read takes. */
export function batchesOf<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size)
    batches.push(items.slice(start, start + size));
  return batches;
}
