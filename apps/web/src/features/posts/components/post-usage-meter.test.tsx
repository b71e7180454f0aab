// @vitest-environment jsdom
import type { PostUsage } from '@cadence/shared';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '../../../test/render';
import { POST_USAGE_QUERY_KEY } from '../api/get-post-usage';
import { PostUsageMeter } from './post-usage-meter';

/** What the meter says (its text and its meter's value), with `usage` already loaded. */
function said(element: ReactNode, usage?: PostUsage) {
  const { container, unmount } = render(element, {
    queries: usage === undefined ? [] : [[POST_USAGE_QUERY_KEY, usage]],
  });
  const meter = container.querySelector('[role="meter"]');
  const answer = {
    text: container.textContent,
    value: meter?.getAttribute('aria-valuetext') ?? null,
    upgrade: container.querySelector('a')?.getAttribute('href') ?? null,
  };
  unmount();
  return answer;
}

describe('the usage meters', () => {
  it("says 'N of 5 posts this month' and that drafts count, on a plan with a limit", () => {
    const meter = said(<PostUsageMeter />, { used: 3, limit: 5, plan_name: 'Free' });
    expect(meter.text).toContain('3 of 5 posts this month');
    expect(meter.text).toContain('drafts and deleted ones too');
    expect(meter.value).toBe('3 of 5 posts this month');
    expect(meter.upgrade).toBeNull();
  });

  it('warns at the last one and links to the plans when none is left', () => {
    expect(said(<PostUsageMeter />, { used: 4, limit: 5, plan_name: 'Free' }).text).toContain(
      '1 left',
    );
    expect(said(<PostUsageMeter />, { used: 5, limit: 5, plan_name: 'Free' }).upgrade).toBe(
      '/subscriptions',
    );
  });

  it('shows nothing on a plan without a monthly limit', () => {
    expect(said(<PostUsageMeter />, { used: 40, limit: null, plan_name: 'Pro' }).text).toBe('');
  });
});
