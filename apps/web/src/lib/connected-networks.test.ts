import type { Company } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { getConnectedNetworkIds } from './connected-networks';

const credential = (key: 'twitter' | 'bluesky', accountName: string | null) => ({
  social_account: { key, name: key },
  account_name: accountName,
  connected_at: '2025-01-01T00:00:00.000Z',
  reconnect_before: null,
});

const company: Pick<Company, 'social_credentials'> = {
  social_credentials: [credential('bluesky', 'acme.bsky.social'), credential('twitter', null)],
};

describe('getConnectedNetworkIds', () => {
  it('lists connected networks in the spec order, not the server order', () => {
    expect(getConnectedNetworkIds(company)).toEqual(['twitter', 'bluesky']);
  });

  it('is empty for a company without connections', () => {
    expect(getConnectedNetworkIds({ social_credentials: [] })).toEqual([]);
  });
});
