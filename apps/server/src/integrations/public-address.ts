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
