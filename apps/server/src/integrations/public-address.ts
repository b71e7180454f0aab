import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * The one address classifier of every server-side fetch of a URL a person (or a third
 * party) chose: true only for a public unicast address. Ranges come from ipaddr.js
 * (loopback, private, link-local, CGNAT, multicast, reserved, documentation...); IPv6 forms
 * that carry an IPv4 address (IPv4-mapped and -translated, IPv4-compatible, NAT64, 6to4)
 * are judged by that IPv4 address, and Teredo, whose address is obscured, is refused.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.zoneId) return false; // scoped to an interface: link-local by definition
  const range = v6.range();
  if (range === 'teredo') return false;
  const embedded = embeddedIPv4(v6, range);
  if (embedded) return embedded.range() === 'unicast';
  return range === 'unicast';
}

export function isPrivateAddress(address: string): boolean {
  return !isPublicAddress(address);
}

const NAT64_LOCAL = ipaddr.parseCIDR('64:ff9b:1::/48');

function embeddedIPv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4 | undefined {
  const parts = address.parts;
  const fromParts = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  const last32 = () => fromParts(parts[6] ?? 0, parts[7] ?? 0);
  // The local-use NAT64 prefix translates to whatever the operator chose: never public.
  if (address.match(NAT64_LOCAL)) return new ipaddr.IPv4([0, 0, 0, 0]);
  switch (range) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
    case 'rfc6052': // 64:ff9b::a.b.c.d (NAT64)
      return last32();
    case '6to4': // 2002:aabb:ccdd::
      return fromParts(parts[1] ?? 0, parts[2] ?? 0);
  }
  // IPv4-compatible (::a.b.c.d, deprecated but still routed by some stacks): the first 96
  // bits are zero. (:: and ::1 land here too, as 0.0.0.0 and 0.0.0.1: not public.)
  if (parts.slice(0, 6).every((part) => part === 0)) return last32();
  return undefined;
}

/**
 * How a server-side fetch to an address from a person or from a network's answer is
 * guarded: public addresses only, except the hosts in FETCH_ALLOW_HOSTS (local fakes in
 * tests, an operator's own services).
 */
export interface FetchGuard {
  allowHosts: readonly string[];
}

export class BlockedAddressError extends Error {
  constructor(readonly host: string) {
    super(`${host} resolves to a private or local address`);
    this.name = 'BlockedAddressError';
  }
}

function isAllowed(host: string, guard: FetchGuard) {
  const wanted = host.toLowerCase();
  return guard.allowHosts.some((allowed) => allowed.toLowerCase() === wanted);
}

/**
 * A DNS lookup that only answers public addresses (or anything, for an allowed host), for
 * node:http(s) requests: the connection uses the very address checked here, so DNS rebinding
 * cannot slip past.
 */
export function publicOnlyLookup(guard: FetchGuard): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, { all: true, family: options.family ?? 0 }).then(
      (addresses) => {
        const usable = isAllowed(hostname, guard)
          ? addresses
          : addresses.filter((entry) => isPublicAddress(entry.address));
        const chosen = usable[0];
        if (!chosen) {
          callback(new BlockedAddressError(hostname), '', 4);
          return;
        }
        if (options.all)
          callback(
            null,
            usable.map((entry) => ({ address: entry.address, family: entry.family })),
          );
        else callback(null, chosen.address, chosen.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 4),
    );
  };
}

/** The host of a URL as an address or a name (IPv6 brackets taken off). */
export function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * Whether FETCH_ALLOW_HOSTS exempts a URL: an entry names a host (any port) or a host:port
 * (that port only), so a local service can be let through without its whole machine.
 */
export function isAllowedDestination(url: URL, allowHosts: readonly string[]): boolean {
  const host = hostOf(url).toLowerCase();
  const hostAndPort = url.host.toLowerCase();
  return allowHosts.some((entry) => {
    const allowed = entry.toLowerCase();
    return allowed === host || allowed === hostAndPort;
  });
}

/**
 * Refuses (BlockedAddressError) a destination whose host is, or resolves to, a private or
 * local address, before anything is sent; for fetch() calls, which do their own lookup,
 * every address the name has must be public. A name that does not resolve is left to the
 * fetch to fail as unreachable.
 */
export async function assertPublicDestination(url: string | URL, guard: FetchGuard) {
  const parsed = typeof url === 'string' ? new URL(url) : url;
  const host = hostOf(parsed);
  if (isAllowedDestination(parsed, guard.allowHosts)) return;
  if (isIP(host) !== 0) {
    if (!isPublicAddress(host)) throw new BlockedAddressError(host);
    return;
  }
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true });
  } catch {
    return;
  }
  if (addresses.some((entry) => !isPublicAddress(entry.address))) {
    throw new BlockedAddressError(host);
  }
}
