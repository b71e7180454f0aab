/** One slot of a pagination control: a page number or a gap. */
export type PageItem = { kind: 'page'; page: number } | { kind: 'gap'; key: string };

/**
 * The pages a pagination control shows: always the first and the last page and the pages
 * next to the current one, with a gap wherever pages are left out. Empty for one page or none.
 * With `hasMore` (the list counted only `totalPages` pages, more follow: decision 041) the
 * last page is unknown, so the items end with a gap after the pages next to the current one.
 */
export function pageItems(current: number, totalPages: number, hasMore = false): PageItem[] {
  if (totalPages <= 1 && !hasMore) return [];
  const page = Math.min(Math.max(1, current), totalPages);
  const shown = new Set([1, page - 1, page, page + 1]);
  if (!hasMore) shown.add(totalPages);
  const pages = [...shown].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous === 2) items.push({ kind: 'page', page: p - 1 });
    else if (p - previous > 2) items.push({ kind: 'gap', key: `gap-${previous}` });
    items.push({ kind: 'page', page: p });
    previous = p;
  }
  if (hasMore) items.push({ kind: 'gap', key: 'gap-more' });
  return items;
}

export function totalPagesOf(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
