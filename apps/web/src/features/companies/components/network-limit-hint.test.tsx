// @vitest-environment jsdom
import type { Company, NetworkId } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { render } from '../../../test/render';
import { NetworkLimitHint } from './network-limit-hint';

function entity(id: string, networks: NetworkId[]): Company {
  return {
    id,
    name: `Entity ${id}`,
    website: 'https://example.com',
    industry: null,
    custom_industry: null,
    description: null,
    logo_url: null,
    social_credentials: networks.map((key) => ({
      social_account: { key, name: key },
      account_name: null,
      connected_at: '2026-11-20T10:00:00.000Z',
      reconnect_before: null,
    })),
    created_at: '2026-11-20T10:00:00.000Z',
    updated_at: '2026-11-20T10:00:00.000Z',
  };
}

function meterOf(companies: Company[], limit: number | null) {
  const { container, unmount } = render(<NetworkLimitHint companies={companies} limit={limit} />);
  const meter = container.querySelector('[role="meter"]');
  const answer = {
    label: meter?.getAttribute('aria-label') ?? null,
    value: meter?.getAttribute('aria-valuetext') ?? null,
    upgrade: container.querySelector('a')?.getAttribute('href') ?? null,
  };
  unmount();
  return answer;
}

describe('the social networks meter', () => {
  it('counts each network once across the entities', () => {
    const used = meterOf([entity('a', ['twitter', 'linkedIn']), entity('b', ['twitter'])], 3);
    expect(used.label).toBe('Social networks');
    expect(used.value).toBe('2 of 3 social networks');
    expect(used.upgrade).toBeNull();
  });

  it('explains how networks are counted where asked to', () => {
    const companies = [entity('a', ['twitter'])];
    const quiet = render(<NetworkLimitHint companies={companies} limit={2} />);
    expect(quiet.container.textContent).not.toContain('counts once');
    quiet.unmount();
    const explained = render(<NetworkLimitHint companies={companies} limit={2} explained />);
    expect(explained.container.textContent).toContain(
      'A network counts once, however many entities use it.',
    );
    explained.unmount();
  });

  it('offers the plans once every network is in use, and says nothing without a limit', () => {
    expect(meterOf([entity('a', ['twitter'])], 1)).toMatchObject({
      value: '1 of 1 social network',
      upgrade: '/subscriptions',
    });
    expect(meterOf([entity('a', ['twitter'])], null).value).toBeNull();
  });
});
