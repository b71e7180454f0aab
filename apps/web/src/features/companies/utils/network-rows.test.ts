import type { Company } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { getNetworkRows } from './network-rows';

const credential = (key: 'twitter' | 'bluesky' | 'linkedIn', accountName: string | null) => ({
  social_account: { key, name: key },
  account_name: accountName,
  connected_at: '2025-01-01T00:00:00.000Z',
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
    });
    expect(rows[1]).toMatchObject({ name: 'Facebook', isConnected: false, isSupported: true });
    expect(rows[4]).toMatchObject({
      name: 'Bluesky',
      isConnected: true,
      isSupported: false,
      accountName: 'acme.bsky.social',
    });
  });

  it('gives no rows when there are no networks', () => {
    expect(getNetworkRows(company, ['twitter'], [])).toEqual([]);
  });
});
