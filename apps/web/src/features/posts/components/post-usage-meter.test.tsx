// @vitest-environment jsdom
import type { PostUsage } from '@cadence/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { POST_USAGE_QUERY_KEY } from '../api/get-post-usage';
import { PostUsageMeter } from './post-usage-meter';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** What the meter says (its text and its meter's value), with `usage` already loaded. */
function render(element: ReactNode, usage?: PostUsage) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  if (usage !== undefined) client.setQueryData(POST_USAGE_QUERY_KEY, usage);
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => {
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>{element}</MemoryRouter>
      </QueryClientProvider>,
    );
  });
  const meter = container.querySelector('[role="meter"]');
  const said = {
    text: container.textContent,
    value: meter?.getAttribute('aria-valuetext') ?? null,
    upgrade: container.querySelector('a')?.getAttribute('href') ?? null,
  };
  act(() => root.unmount());
  return said;
}

describe('the usage meters', () => {
  it("says 'N of 5 posts this month' and that drafts count, on a plan with a limit", () => {
    const said = render(<PostUsageMeter />, { used: 3, limit: 5, plan_name: 'Free' });
    expect(said.text).toContain('3 of 5 posts this month');
    expect(said.text).toContain('drafts and deleted ones too');
    expect(said.value).toBe('3 of 5 posts this month');
    expect(said.upgrade).toBeNull();
  });

  it('warns at the last one and links to the plans when none is left', () => {
    expect(render(<PostUsageMeter />, { used: 4, limit: 5, plan_name: 'Free' }).text).toContain(
      '1 left',
    );
    expect(render(<PostUsageMeter />, { used: 5, limit: 5, plan_name: 'Free' }).upgrade).toBe(
      '/subscriptions',
    );
  });

  it('shows nothing on a plan without a monthly limit', () => {
    expect(render(<PostUsageMeter />, { used: 40, limit: null, plan_name: 'Pro' }).text).toBe('');
  });
});
