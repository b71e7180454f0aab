import ipaddr from 'ipaddr.js';

/**
 * What counts as one client for the attempt limits and the one-time codes
 * (docs/decisions/104): an IPv4 address, or the /64 network of an IPv6 address. A line or
 * a household is given a whole /64, so counting single IPv6 addresses would hand one guesser
 * as many fresh budgets as it likes.
 */
export function clientOf(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${parts.map((part) => part.toString(16)).join(':')}::/64`;
}
