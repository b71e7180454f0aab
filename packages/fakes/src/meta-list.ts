/**
 * A Graph API list edge as Meta answers it (Facebook `/{page-id}/posts`, Instagram
 * `/{ig-user-id}/media`, Threads `/me/threads`): newest first, `since` and `until` in Unix
 * seconds, `limit` (25 by default, 100 at most), and cursor paging (`paging.cursors.after`,
 * and `paging.next` while more follow).
 */
/** A request's parameters, as either server reads them. */
export interface Params {
  get(name: string): string | null | undefined;
}

export function metaList<T extends { receivedAt: number }>(
  items: readonly T[],
  params: Params,
  show: (item: T) => Record<string, unknown>,
  nextUrl: (after: string) => string,
) {
  const since = Number(params.get('since') ?? 0) * 1000;
  const untilParam = params.get('until');
  const until =
    untilParam === null || untilParam === undefined
      ? Number.POSITIVE_INFINITY
      : Number(untilParam) * 1000;
  const limit = Math.min(Math.max(Number(params.get('limit') ?? 25) || 25, 1), 100);
  const after = params.get('after');
  const offset = after ? Number(Buffer.from(after, 'base64url').toString('utf8')) || 0 : 0;
  const matching = items
    .filter((item) => item.receivedAt >= since && item.receivedAt <= until)
    .sort((a, b) => b.receivedAt - a.receivedAt);
  const page = matching.slice(offset, offset + limit);
  const cursor = (at: number) => Buffer.from(String(at)).toString('base64url');
  const end = cursor(offset + page.length);
  return {
    data: page.map(show),
    ...(page.length > 0
      ? {
          paging: {
            cursors: { before: cursor(offset), after: end },
            ...(offset + limit < matching.length ? { next: nextUrl(end) } : {}),
          },
        }
      : {}),
  };
}

/** The next page's address: the same parameters (no token) with the new cursor. */
export function nextPageUrl(
  base: string,
  params: Iterable<[string, string]>,
  after: string,
): string {
  const next = new URLSearchParams();
  for (const [key, value] of params) {
    if (key !== 'access_token' && key !== 'appsecret_proof' && key !== 'after')
      next.set(key, value);
  }
  next.set('after', after);
  return `${base}?${next.toString()}`;
}

/** A Meta time stamp: ISO 8601 to the second with a `+0000` offset. */
export const metaTime = (ms: number) =>
  new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', '+0000');

/** The `fields` a Graph call asked for (only those are answered, as Graph does). */
export function pickFields(params: Params, all: Record<string, unknown>): Record<string, unknown> {
  const asked = (params.get('fields') ?? 'id').split(',').map((field) => field.trim());
  return Object.fromEntries(
    Object.entries(all).filter(([key, value]) => asked.includes(key) && value !== undefined),
  );
}
