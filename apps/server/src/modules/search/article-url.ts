/** Query parameters that only track where a click came from. */
const TRACKING = /^(utm_.+|fbclid|gclid|mc_cid|mc_eid|ref|ref_src)$/i;

/**
 * A key under which two links to the same article meet: scheme, 'www.', fragment, tracking
 * parameters, parameter order and a trailing slash do not matter.
 */
export function articleKey(url: string): string {
  if (!URL.canParse(url)) return url.trim().toLowerCase();
  const parsed = new URL(url);
  const host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  const params = [...parsed.searchParams.entries()]
    .filter(([name]) => !TRACKING.test(name))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(params).toString();
  const path = parsed.pathname.replace(/\/+$/, '');
  const port = parsed.port ? `:${parsed.port}` : '';
  return `${host}${port}${path}${query ? `?${query}` : ''}`;
}
