import { describe, expect, it } from 'vitest';
import {
  assertPublicDestination,
  BlockedAddressError,
  isAllowedDestination,
  isPrivateAddress,
  isPublicAddress,
} from './public-address.js';

describe('the address guard of server-side fetches', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local (cloud metadata)'],
    ['100.64.0.1', 'CGNAT'],
    ['100.127.255.254', 'CGNAT'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'this network'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::1', 'IPv6 loopback'],
    ['::', 'IPv6 unspecified'],
    ['fe80::1', 'IPv6 link-local'],
    ['fe80::1%eth0', 'IPv6 link-local with a zone'],
    ['fd12:3456::1', 'unique local'],
    ['ff02::1', 'IPv6 multicast'],
    ['2001:db8::1', 'IPv6 documentation'],
    ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
    ['::ffff:7f00:1', 'IPv4-mapped loopback, hex form'],
    ['::ffff:10.0.0.1', 'IPv4-mapped private'],
    ['::ffff:0:7f00:1', 'IPv4-translated loopback'],
    ['::7f00:1', 'IPv4-compatible loopback'],
    ['::127.0.0.1', 'IPv4-compatible loopback, dotted'],
    ['::a9fe:a9fe', 'IPv4-compatible metadata address'],
    ['64:ff9b::7f00:1', 'NAT64 of loopback'],
    ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
    ['64:ff9b:1::5db8:d822', 'local-use NAT64'],
    ['2002:7f00:1::', '6to4 of loopback'],
    ['2002:c0a8:101::1', '6to4 of a private address'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
    ['not-an-ip', 'not an address'],
    ['', 'empty'],
  ])('refuses %s (%s)', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '2606:4700::1111',
    '2a00:1450:4001:81c::200e',
    '::ffff:93.184.216.34',
    '64:ff9b::5db8:d822',
    '2002:5db8:d822::1',
  ])('allows %s', (address) => expect(isPrivateAddress(address)).toBe(false));
});

describe('assertPublicDestination (the guard of fetch() calls to addresses from answers)', () => {
  const none = { allowHosts: [] };

  it.each([
    'http://127.0.0.1:2583/xrpc/x',
    'https://[::7f00:1]/',
    'https://[64:ff9b::a00:1]/upload',
    'http://localhost:8080/',
  ])('refuses %s before anything is sent', async (url) => {
    await expect(assertPublicDestination(url, none)).rejects.toBeInstanceOf(BlockedAddressError);
  });

  it('lets a public literal address and an allowed host through', async () => {
    await expect(assertPublicDestination('https://93.184.216.34/', none)).resolves.toBeUndefined();
    await expect(
      assertPublicDestination('http://LOCALHOST:8080/', { allowHosts: ['localhost'] }),
    ).resolves.toBeUndefined();
  });
});

describe('isAllowedDestination (FETCH_ALLOW_HOSTS: a host, or a host:port)', () => {
  const allowed = (url: string, hosts: string[]) => isAllowedDestination(new URL(url), hosts);

  it('lets a host through on any port, and a host:port on that port only', () => {
    expect(allowed('http://LocalHost:9099/hook', ['localhost'])).toBe(true);
    expect(allowed('http://localhost:1/hook', ['localhost'])).toBe(true);
    expect(allowed('http://127.0.0.1:9099/hook', ['127.0.0.1:9099'])).toBe(true);
    expect(allowed('http://127.0.0.1:9100/hook', ['127.0.0.1:9099'])).toBe(false);
    expect(allowed('http://127.0.0.1/hook', ['127.0.0.1:9099'])).toBe(false);
    expect(allowed('http://[::1]:9099/', ['[::1]:9099'])).toBe(true);
    expect(allowed('http://[::1]:9099/', ['::1'])).toBe(true);
    expect(allowed('http://example.com:9099/', ['127.0.0.1:9099'])).toBe(false);
  });

  it('lets an allowed host:port through the guard of fetch() calls', async () => {
    await expect(
      assertPublicDestination('http://127.0.0.1:9099/', { allowHosts: ['127.0.0.1:9099'] }),
    ).resolves.toBeUndefined();
    await expect(
      assertPublicDestination('http://127.0.0.1:9100/', { allowHosts: ['127.0.0.1:9099'] }),
    ).rejects.toBeInstanceOf(BlockedAddressError);
  });
});
