import type { Company } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { getNetworkRows, planIncluding } from './network-rows';

const credential = (key: 'twitter' | 'bluesky' | 'linkedIn', accountName: string | null) => ({
  social_account: { key, name: key },
  account_name: accountName,
  connected_at: '2025-01-01T00:00:00.000Z',
  reconnect_before: null,
});

const company: Pick<Company, 'social_credentials'> = {
  social_credentials: [credential('bluesky', 'acme.bsky.social'), credential('twitter', null)],
};

describe('getNetworkRows', () => {
  it('gives one row per network with its name, status and plan lock', () => {
    const rows = getNetworkRows(company, ['twitter', 'facebook']);
    expect(rows.map((row) => row.id)).toEqual([
      'twitter',
      'facebook',
      'linkedIn',
      'instagram',
      'bluesky',
      'threads',
    ]);
    expect(rows[0]).toEqual({
      id: 'twitter',
      name: 'X/Twitter',
      isConnected: true,
      isSupported: true,
      accountName: null,
      reconnectBefore: null,
    });
    expect(rows[1]).toMatchObject({ name: 'Facebook', isConnected: false, isSupported: true });
    expect(rows[4]).toMatchObject({
      name: 'Bluesky',
      isConnected: true,
      isSupported: false,
      accountName: 'acme.bsky.social',
    });
  });

  it("carries a connection's 'reconnect before' date", () => {
    const dated = {
      social_credentials: [
        { ...credential('linkedIn', 'Jane'), reconnect_before: '2026-12-01T03:30:00.000Z' },
      ],
    };
    const rows = getNetworkRows(dated, ['linkedIn']);
    expect(rows.find((row) => row.id === 'linkedIn')?.reconnectBefore).toBe(
      '2026-12-01T03:30:00.000Z',
    );
    expect(rows.find((row) => row.id === 'twitter')?.reconnectBefore).toBeNull();
  });

  it('gives no rows when there are no networks', () => {
    expect(getNetworkRows(company, ['twitter'], [])).toEqual([]);
  });
});

describe('planIncluding', () => {
  const account = (key: string) => ({ id: key, key, name: key });
  const plans = [
    { name: 'Free', subscription_social_accounts: [account('bluesky')] },
    { name: 'Pro', subscription_social_accounts: [account('bluesky'), account('twitter')] },
    {
      name: 'Business',
      subscription_social_accounts: [account('bluesky'), account('twitter'), account('linkedIn')],
    },
  ];

  it('names the first plan on offer that includes the network', () => {
    expect(planIncluding('twitter', plans)).toEqual({ status: 'included', plan: 'Pro' });
    expect(planIncluding('linkedIn', plans)).toEqual({ status: 'included', plan: 'Business' });
  });

  it('tells "no plan includes it" from "the catalogue is still loading"', () => {
    expect(planIncluding('threads', plans)).toEqual({ status: 'none' });
    expect(planIncluding('threads', [])).toEqual({ status: 'none' });
    expect(planIncluding('twitter', undefined)).toEqual({ status: 'loading' });
  });
});
