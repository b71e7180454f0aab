// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CompanyLimitHint } from './company-limit-hint';

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

/** What the hint says: its text and its meter's value. */
function render(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
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

describe('the entities meter', () => {
  it("says 'N of M entities' on the Entities screen only when the plan has a limit", () => {
    expect(render(<CompanyLimitHint count={1} limit={3} />).value).toBe('1 of 3 entities');
    expect(render(<CompanyLimitHint count={7} limit={null} />).text).toBe('');
  });
});
