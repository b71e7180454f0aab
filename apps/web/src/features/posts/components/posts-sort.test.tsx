// @vitest-environment jsdom
import { API_PATHS, type Post } from '@cadence/shared';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeValue, render } from '../../../test/render';
import { COMPANIES_QUERY_KEY } from '../../../lib/queries/companies';
import { USER_SETTINGS_QUERY_KEY } from '../../../lib/queries/user-settings';
import { POST_USAGE_QUERY_KEY } from '../api/get-post-usage';
import { PostsPage } from './posts-page';

// jsdom has no media queries: a wide screen (the table), as a desktop browser answers.
Object.defineProperty(window, 'matchMedia', {
  configurable: true,
  value: (query: string) => ({
    matches: query.includes('min-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }),
});

const ENTITY = {
  id: '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f',
  name: 'Harbor Coffee',
  logo_url: null,
};
function post(id: string, content: string): Post {
  return {
    id,
    company_id: ENTITY.id,
    company: ENTITY,
    content,
    variants: {},
    thread: [],
    first_comment: null,
    url: null,
    shortened_url: null,
    url_shortened: false,
    scheduled_for: '2026-11-10T09:00:00.000Z',
    tone: null,
    platforms: ['twitter', 'bluesky'],
    status: 'scheduled',
    attachments: [],
    has_schedules: true,
    publish_status: 'published',
    next_scheduled_at: null,
    created_at: '2026-11-01T09:00:00.000Z',
    updated_at: '2026-11-01T09:00:00.000Z',
  };
}
const newest = post('5d0c2f4e-0000-4c1d-9e2f-000000000001', 'Quiet Tuesday at the roastery');
const engaging = post('5d0c2f4e-0000-4c1d-9e2f-000000000002', 'Our winter blend is back');

const json = (body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } }),
  );
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
async function until(found: () => unknown, ms = 2000) {
  for (let waited = 0; !found() && waited < ms; waited += 20) await act(settle);
}

describe('the Posts list sorted by engagement', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('asks the server for the most engaging posts first and shows them in its order', async () => {
    const fetchMock = vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      const isEngaging = url.searchParams.get('sort') === 'engagement';
      return json({
        message: 'ok',
        data: {
          rows: isEngaging ? [engaging, newest] : [newest, engaging],
          count: 2,
          page: 1,
          pageSize: 25,
        },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = render(<PostsPage />, {
      route: '/posts',
      queries: [
        [USER_SETTINGS_QUERY_KEY, { timezone: 'UTC', use_dst: true }],
        [POST_USAGE_QUERY_KEY, { used: 2, limit: null, plan_name: 'Pro' }],
        [
          COMPANIES_QUERY_KEY,
          { rows: [], supported_social_accounts: [], company_limit: null, network_limit: null },
        ],
      ],
    });
    const firstPost = () => container.querySelector('tbody tr')?.textContent ?? '';
    await until(() => container.textContent?.includes('Quiet Tuesday'));
    expect(container.querySelector('label[for="post-sort"]')?.textContent).toBe('Sort posts');
    const sort = container.querySelector<HTMLSelectElement>('#post-sort')!;
    expect([...sort.options].map((option) => option.textContent)).toEqual([
      'Newest first',
      'Most engagement first',
    ]);

    changeValue(sort, 'engagement');
    await until(() =>
      fetchMock.mock.calls.some(([input]) => String(input).includes('sort=engagement')),
    );
    const sorted = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .find((url) => url.searchParams.get('sort') === 'engagement');
    expect(sorted?.pathname).toBe(`/api${API_PATHS.posts}`);
    expect(sorted?.searchParams.get('page')).toBe('1');
    await until(() => firstPost().includes('Our winter blend'));
    expect(firstPost()).toContain('Our winter blend is back');
    unmount();
  });
});
