// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from '../../../test/render';
import { CompanyLimitHint } from './company-limit-hint';

/** What the hint says: its text and its meter's value. */
function said(element: ReactNode) {
  const { container, unmount } = render(element);
  const meter = container.querySelector('[role="meter"]');
  const answer = {
    text: container.textContent,
    value: meter?.getAttribute('aria-valuetext') ?? null,
    upgrade: container.querySelector('a')?.getAttribute('href') ?? null,
  };
  unmount();
  return answer;
}

describe('the entities meter', () => {
  it("says 'N of M entities' on the Entities screen only when the plan has a limit", () => {
    expect(said(<CompanyLimitHint count={1} limit={3} />).value).toBe('1 of 3 entities');
    expect(said(<CompanyLimitHint count={7} limit={null} />).text).toBe('');
  });
});
