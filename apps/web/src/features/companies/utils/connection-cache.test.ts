import type { Company, CompanyList } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { withConnection, withoutConnection } from './connection-cache';

const credential = (key: 'twitter' | 'bluesky', accountName: string | null) => ({
  social_account: { key, name: key },
  account_name: accountName,
  connected_at: '2025-01-01T00:00:00.000Z',
  reconnect_before: null,
});

const company = (id: string, credentials: Company['social_credentials']): Company => ({
  id,
  name: id,
  website: 'https://example.com',
  industry: null,
  custom_industry: null,
  description: null,
  logo_url: null,
  social_credentials: credentials,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
});

const list: CompanyList = {
  rows: [company('a', [credential('twitter', '@old')]), company('b', [])],
  supported_social_accounts: ['twitter', 'bluesky'],
  company_limit: null,
  network_limit: null,
};

describe('withConnection', () => {
  it('adds the connection to that company only', () => {
    const next = withConnection(list, 'b', credential('bluesky', 'b.bsky.social'));
    expect(next?.rows[1]?.social_credentials).toEqual([credential('bluesky', 'b.bsky.social')]);
    expect(next?.rows[0]).toBe(list.rows[0]);
  });

  it('replaces an older connection to the same network', () => {
    const next = withConnection(list, 'a', credential('twitter', '@new'));
    expect(next?.rows[0]?.social_credentials).toEqual([credential('twitter', '@new')]);
  });

  it('leaves a list that is not loaded alone', () => {
    expect(withConnection(undefined, 'a', credential('twitter', null))).toBeUndefined();
  });
});

describe('withoutConnection', () => {
  it("removes the company's connection to the network", () => {
    const next = withoutConnection(list, 'a', 'twitter');
    expect(next?.rows[0]?.social_credentials).toEqual([]);
    expect(next?.rows[1]).toBe(list.rows[1]);
    expect(list.rows[0]?.social_credentials).toHaveLength(1);
  });

  it('leaves a list that is not loaded alone', () => {
    expect(withoutConnection(undefined, 'a', 'twitter')).toBeUndefined();
  });
});
