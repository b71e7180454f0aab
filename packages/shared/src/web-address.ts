/**
 * The one rule for links people give us (a post's link, an entity's website, a page to
 * summarise or shorten) and links outside services answer: only http and https, judged by
 * the scheme the URL parser reads, never by how the text begins.
 */

/** True for an absolute http:// or https:// address. */
export function isHttpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === 'http:' || protocol === 'https:';
}

/**
 * 'example.com:8080/page' parses as a URL whose scheme is 'example.com:'; written that way
 * it is a host and port without a scheme.
 */
const HOST_AND_PORT = /^[^\s:/?#@]+:\d+(?:[/?#]|$)/;

/**
 * The address with https:// added when no scheme is written, or undefined when it is no
 * web address: a written scheme other than http or https (`javascript:alert(1)+'@x.com`,
 * `mailto:`, `data:`), unparsable text, or a host without a dot (other than localhost or
 * an IPv6 address).
 */
export function normalizeWebsite(input: string): string | undefined {
  const trimmed = input.trim();
  if (trimmed === '') return undefined;
  const hasScheme = URL.canParse(trimmed) && !HOST_AND_PORT.test(trimmed);
  // A written scheme comes with its two slashes: 'http:/x.com' is a typo, not an address.
  if (hasScheme && !/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed)) return undefined;
  const withScheme = hasScheme ? trimmed : `https://${trimmed}`;
  if (!isHttpUrl(withScheme)) return undefined;
  const { hostname } = new URL(withScheme);
  const isIpv6 = hostname.startsWith('[');
  if (!hostname.includes('.') && hostname !== 'localhost' && !isIpv6) return undefined;
  return withScheme;
}
