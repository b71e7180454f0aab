// @vitest-environment jsdom
import { ANALYTICS_API_PATHS } from '@cadence/shared';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeValue, render } from '../../../test/render';
import { COMPANIES_QUERY_KEY } from '../../../lib/queries/companies';
import { USER_SETTINGS_QUERY_KEY } from '../../../lib/queries/user-settings';
import { AnalyticsPage } from './analytics-page';
import { emptySummary, ENTITY, NOW, summary, ZONE } from './analytics-fixtures';

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** Lets queries answer until `found` holds (at most `ms`). */
async function until(found: () => unknown, ms = 2000) {
  for (let waited = 0; !found() && waited < ms; waited += 20) {
    await act(settle);
  }
}

/** The screen with its entity and saved zone known, and the API answering `answer`. */
function renderPage(answer: (url: URL) => Promise<Response>) {
  const fetchMock = vi.fn((input: string) => answer(new URL(input, 'http://localhost')));
  vi.stubGlobal('fetch', fetchMock);
  const rendered = render(<AnalyticsPage />, {
    route: '/analytics',
    queries: [
      [USER_SETTINGS_QUERY_KEY, { timezone: ZONE, use_dst: true }],
      [
        COMPANIES_QUERY_KEY,
        {
          rows: [ENTITY],
          supported_social_accounts: [],
          company_limit: null,
          network_limit: null,
        },
      ],
    ],
  });
  return { ...rendered, fetchMock };
}
const summaryCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === `/api${ANALYTICS_API_PATHS.summary}`);
/** What a screen reader reads of `node`: its texts, elements apart, aria-hidden ones left out. */
function spoken(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  if (node instanceof Element && node.getAttribute('aria-hidden') === 'true') return '';
  return [...node.childNodes].map((child) => ` ${spoken(child)} `).join('');
}
const said = (node: Node) => spoken(node).replace(/\s+/g, ' ').trim();
const text = (root: ParentNode, selector: string) => {
  const element = root.querySelector(selector);
  return element === null ? null : said(element);
};
const tableRows = (section: Element | null | undefined) =>
  [...(section?.querySelectorAll('tbody tr') ?? [])].map((row) => [...row.children].map(said));
const sectionTitled = (root: ParentNode, title: string) =>
  [...root.querySelectorAll('section')].find(
    (section) => section.querySelector('h2')?.textContent === title,
  );

describe('the Analytics screen', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('asks for the last 30 days of the saved zone, then for one entity and 7 days', async () => {
    const { container, fetchMock, unmount } = renderPage(() =>
      json({ message: 'ok', data: summary() }),
    );
    await until(() => container.querySelector('[data-testid="total-engagements"]'));
    // Midnight Oct 22 to midnight Nov 21 in New York (EDT until Nov 1, then EST).
    const [first] = summaryCalls(fetchMock);
    expect(first?.searchParams.get('from')).toBe('2026-10-22T04:00:00.000Z');
    expect(first?.searchParams.get('to')).toBe('2026-11-21T05:00:00.000Z');
    expect(first?.searchParams.has('company_id')).toBe(false);

    changeValue(container.querySelector<HTMLSelectElement>('#analytics-entity-filter')!, ENTITY.id);
    changeValue(container.querySelector<HTMLSelectElement>('#analytics-period')!, '7');
    await until(() => summaryCalls(fetchMock).some((url) => url.searchParams.has('company_id')));
    const last = summaryCalls(fetchMock).at(-1);
    expect(last?.searchParams.get('company_id')).toBe(ENTITY.id);
    expect(last?.searchParams.get('from')).toBe('2026-11-14T05:00:00.000Z');
    expect(container.querySelector('label[for="analytics-period"]')?.textContent).toBe('Period');
    unmount();
  });

  it('shows the totals with their change, the networks, the top posts and the best hours', async () => {
    const { container, unmount } = renderPage(() => json({ message: 'ok', data: summary() }));
    await until(() => container.querySelector('[data-testid="total-engagements"]'));

    expect(text(container, '[data-testid="total-posts_published"]')).toBe(
      'Posts published 24 +20% from 20 in the previous 30 days',
    );
    expect(text(container, '[data-testid="total-engagements"]')).toBe(
      'Engagements 1,032 -20% from 1,290 in the previous 30 days',
    );
    expect(text(container, '[data-testid="total-clicks"]')).toBe(
      'Link clicks 96 Same as the previous 30 days',
    );
    expect(text(container, '[data-testid="total-followers_gained"]')).toBe(
      'Followers gained 57 None in the previous 30 days',
    );

    expect(tableRows(sectionTitled(container, 'By network'))).toEqual([
      ['X/Twitter', '10', '8,200', '610', '58', '1,240'],
      ['LinkedIn', '8', '0', '250', '22', '—'],
      ['Bluesky', '6', '4,640', '172', '16', '310'],
    ]);

    const top = [...container.querySelectorAll('[data-testid="top-post"]')];
    expect(top).toHaveLength(2);
    expect(top[0]?.querySelector('a')?.getAttribute('href')).toBe(
      '/posts?post=0d9a1f4e-1111-4a2b-8c3d-4e5f6a7b8c9d',
    );
    const onX = [...top[0]!.querySelectorAll('a')].find((a) =>
      a.textContent?.includes('View on X'),
    );
    expect(onX?.getAttribute('href')).toBe('https://x.com/harborcoffee/status/1860000000000000001');
    expect(onX?.getAttribute('rel')).toBe('noopener noreferrer');
    // 14:00 UTC is 9:00 AM in New York; LinkedIn gives no impressions and this one no link.
    expect(top[0]?.textContent).toContain('Nov 17, 2026 9:00 AM');
    expect(tableRows(sectionTitled(container, 'Top posts by engagement'))[1]?.slice(3)).toEqual([
      '96',
      '14',
      '0',
      '—',
      '110',
    ]);
    expect(top[1]?.textContent).not.toContain('View on');

    const hours = sectionTitled(container, 'Best hours to post');
    expect(hours?.textContent).toContain(`in your time zone (${ZONE})`);
    expect(hours?.textContent).toContain(
      'Best so far: Tuesday 9 AM, 48.5 engagements per post (4 posts).',
    );
    expect(text(hours!, '[data-testid="hour-2-9"]')).toBe('48.5 from 4 posts');
    // Weekday 0 is Sunday, shown last (the week starts on Monday).
    const sunday = [...(hours?.querySelectorAll('tbody tr') ?? [])].at(-1);
    expect(sunday?.querySelector('th')?.textContent).toBe('Sunday');
    expect(text(sunday!, '[data-testid="hour-0-20"]')).toBe('5 from 2 posts');
    expect(hours?.querySelectorAll('tbody tr')).toHaveLength(7);
    expect(hours?.querySelectorAll('thead th')).toHaveLength(24);
    unmount();
  });

  it('has every day as a table beside the chart, which a button shows for copying', async () => {
    const { container, unmount } = renderPage(() => json({ message: 'ok', data: summary() }));
    await until(() => container.querySelector('[data-testid="total-engagements"]'));
    const chart = sectionTitled(container, 'Day by day')!;
    // The drawing is hidden from screen readers; its table is in the page, visually hidden.
    expect(chart.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(chart.querySelectorAll('svg rect')).toHaveLength(30);
    const days = tableRows(chart);
    expect(days).toHaveLength(30);
    expect(days[1]).toEqual(['Friday, Oct 23, 2026', '1', '410', '21', '4']);
    expect(chart.querySelector('table')?.parentElement?.parentElement?.className).toBe('sr-only');

    const toggle = [...chart.querySelectorAll('button')].find(
      (button) => button.textContent === 'Show as table',
    )!;
    act(() => toggle.click());
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(chart.querySelector('svg')).toBeNull();
    expect(chart.querySelector('table')?.parentElement?.parentElement?.className).toBe('mt-4');

    // The measure the bars show is a labelled choice.
    act(() => toggle.click());
    const clicks = [...chart.querySelectorAll('label')].find(
      (l) => l.textContent === 'Link clicks',
    );
    expect(chart.querySelector('legend')?.textContent).toBe('Measure shown in the chart');
    act(() => clicks!.querySelector('input')!.click());
    expect(chart.querySelector('svg rect title')?.textContent).toBe('Oct 22, 2026: 0 link clicks');
    unmount();
  });

  it('with fewer than 20 published posts, says how many more the best hours need', async () => {
    const { container, unmount } = renderPage(() =>
      json({
        message: 'ok',
        data: summary({ best_hours: { needed: 7, cells: [] } }),
      }),
    );
    await until(() => container.querySelector('[data-testid="best-hours-needed"]'));
    expect(text(container, '[data-testid="best-hours-needed"]')).toBe(
      '7 more published posts needed to show the best hours to post (it needs 20).',
    );
    expect(sectionTitled(container, 'Best hours to post')?.querySelector('table')).toBeNull();
    unmount();
  });

  it('before any post is published, says what to do next', async () => {
    const { container, unmount } = renderPage(() => json({ message: 'ok', data: emptySummary() }));
    changeValue(container.querySelector<HTMLSelectElement>('#analytics-period')!, '90');
    await until(() => container.textContent?.includes('No published posts yet.'));
    expect(container.textContent).toContain('Schedule a post to one of your connected networks');
    expect(
      [...container.querySelectorAll('a')]
        .find((a) => a.textContent === 'Schedule a post')
        ?.getAttribute('href'),
    ).toBe('/scheduling');
    expect(container.querySelector('[data-testid="total-engagements"]')).toBeNull();
    expect(container.textContent).not.toContain('Show all entities, 90 days');
    unmount();
  });

  it('for a narrower view with nothing in it, offers the widest one', async () => {
    const { container, fetchMock, unmount } = renderPage(() =>
      json({ message: 'ok', data: emptySummary() }),
    );
    changeValue(container.querySelector<HTMLSelectElement>('#analytics-period')!, '7');
    await until(() =>
      container.textContent?.includes('No posts were published in the last 7 days.'),
    );
    const widen = [...container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Show all entities, 90 days',
    )!;
    act(() => widen.click());
    expect(container.querySelector<HTMLSelectElement>('#analytics-period')?.value).toBe('90');
    await until(() => container.textContent?.includes('No published posts yet.'));
    expect(summaryCalls(fetchMock).at(-1)?.searchParams.get('from')).toBe(
      '2026-08-23T04:00:00.000Z',
    );
    unmount();
  });

  it('when the summary fails, says so with the reason and retries on request', async () => {
    let isDown = true;
    const { container, fetchMock, unmount } = renderPage(() =>
      isDown
        ? json({ message: 'The analytics database is busy, try again in a minute.' }, 503)
        : json({ message: 'ok', data: summary() }),
    );
    // A 5xx is asked again twice (the app's retry rule) before the screen gives up.
    await until(() => container.querySelector('[role="alert"]'), 6000);
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.textContent).toContain('Failed to load analytics');
    expect(alert?.textContent).toContain('The analytics database is busy, try again in a minute.');
    expect(summaryCalls(fetchMock).length).toBeGreaterThanOrEqual(3);

    isDown = false;
    const retry = [...alert!.querySelectorAll('button')].find((b) => b.textContent === 'Retry')!;
    act(() => retry.click());
    await until(() => container.querySelector('[data-testid="total-engagements"]'));
    expect(container.querySelector('[role="alert"]')).toBeNull();
    unmount();
  }, 10_000);

  it('exports the same entity and period as a CSV file', async () => {
    const createObjectURL = vi.fn(() => 'blob:analytics');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { container, fetchMock, unmount } = renderPage((url) =>
      url.pathname === `/api${ANALYTICS_API_PATHS.export}`
        ? Promise.resolve(
            new Response('date,posts_published\n2026-11-20,1\n', {
              headers: {
                'content-type': 'text/csv',
                'content-disposition': 'attachment; filename="analytics-harbor-coffee.csv"',
              },
            }),
          )
        : json({ message: 'ok', data: summary() }),
    );
    await until(() => container.querySelector('[data-testid="total-engagements"]'));
    const exportButton = [...container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Export CSV',
    )!;
    act(() => exportButton.click());
    await until(() => clicked.mock.calls.length > 0);
    const csv = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.pathname === `/api${ANALYTICS_API_PATHS.export}`);
    expect(csv?.searchParams.get('from')).toBe('2026-10-22T04:00:00.000Z');
    expect(csv?.searchParams.get('to')).toBe('2026-11-21T05:00:00.000Z');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect((clicked.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'analytics-harbor-coffee.csv',
    );
    unmount();
  });
});
