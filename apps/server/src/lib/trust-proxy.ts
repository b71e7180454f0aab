import { isIP } from 'node:net';

/**
 * Which proxies in front of the server are believed about the client's address
 * (decision 105): none; a number of hops counted from the server (each hop appends the
 * address it saw to X-Forwarded-For); or the proxies' own addresses and ranges.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's named ranges, accepted as they are. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** More than this many proxies in a row is a typing mistake (a port number, say). */
const MAX_HOPS = 20;

export const TRUST_PROXY_HINT =
  'must be false, true (one proxy), a number of proxies in front of the server, or a comma-separated list of the addresses or CIDR ranges of the proxies (e.g. 127.0.0.1,10.0.0.0/8)';

/** An IPv4 or IPv6 address, a CIDR range of either, or one of the named ranges. */
function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: `false`/`0`/unset off, `true` one hop, a whole number that many hops,
 * otherwise a comma-separated list of addresses and CIDR ranges (IPv4 or IPv6). Answers
 * the setting, or the problem to report at start-up.
 */
export function parseTrustProxy(
  raw: string | undefined,
): { ok: true; value: TrustProxy } | { ok: false; problem: string } {
  const value = (raw ?? '').trim();
  const lower = value.toLowerCase();
  if (lower === '' || lower === 'false') return { ok: true, value: false };
  if (lower === 'true') return { ok: true, value: { hops: 1 } };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops === 0) return { ok: true, value: false };
    if (hops > MAX_HOPS) {
      return {
        ok: false,
        problem: `${TRUST_PROXY_HINT}; ${value} is more than ${MAX_HOPS} proxies`,
      };
    }
    return { ok: true, value: { hops } };
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.filter((entry) => !isAddressOrRange(entry));
  if (wrong.length > 0) {
    const named = wrong.map((entry) => (entry === '' ? '(an empty entry)' : `"${entry}"`));
    return {
      ok: false,
      problem: `${TRUST_PROXY_HINT}; not an address or range: ${named.join(', ')}`,
    };
  }
  return { ok: true, value: { addresses: entries } };
}

/**
 * The setting as Fastify's `trustProxy` option. A hop count is given as a function of the
 * hop's position: Fastify's own number form trusts no hop at all.
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  return setting.addresses;
}
