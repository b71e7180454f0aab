// @vitest-environment jsdom
import { ANALYTICS_API_PATHS, type PublicationMetrics } from '@cadence/shared';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../test/render';
import { USER_SETTINGS_QUERY_KEY } from '../../../lib/queries/user-settings';
import { PostMetrics } from './post-metrics';

const POST_ID = '5d0c2f4e-8a7b-4c1d-9e2f-3a4b5c6d7e8f';
const onX: PublicationMetrics = {
  id: 'b7e6a1c2-0000-4000-8000-000000000001',
  network: 'twitter',
  read_at: '2026-11-20T14:05:00.000Z',
  likes: 1_204,
  comments: 31,
  shares: 58,
  impressions: 20_480,
  clicks: 77,
  raw: {
    like_count: 1_204,
    reply_count: 31,
    retweet_count: 50,
    quote_count: 8,
    impression_count: 20_480,
  },
};
const onLinkedIn: PublicationMetrics = {
  id: 'b7e6a1c2-0000-4000-8000-000000000002',
  network: 'linkedIn',
  read_at: null,
  likes: 0,
  comments: 0,
  shares: 0,
  impressions: null,
  clicks: 4,
  raw: {},
};

const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
async function until(found: () => unknown, ms = 2000) {
  for (let waited = 0; !found() && waited < ms; waited += 20) await act(settle);
}

function renderMetrics(answer: () => Promise<Response>) {
  const fetchMock = vi.fn((_input: string) => answer());
  vi.stubGlobal('fetch', fetchMock);
  const rendered = render(<PostMetrics postId={POST_ID} />, {
    queries: [[USER_SETTINGS_QUERY_KEY, { timezone: 'Europe/Berlin', use_dst: true }]],
  });
  return { ...rendered, fetchMock };
}

describe("the post's numbers", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows each publication’s latest numbers and when they were read, in the saved zone', async () => {
    const { container, fetchMock, unmount } = renderMetrics(() =>
      json({ message: 'ok', data: { publications: [onX, onLinkedIn] } }),
    );
    await until(() => container.querySelector('[data-testid="publication-metrics"]'));
    expect(fetchMock.mock.calls[0]?.[0]).toBe(
      `/api${ANALYTICS_API_PATHS.postMetrics.replace(':id', POST_ID)}`,
    );
    const rows = [...container.querySelectorAll('[data-testid="publication-metrics"]')].map((row) =>
      [...row.children].map((cell) => cell.textContent),
    );
    // 14:05 UTC is 3:05 PM in Berlin; LinkedIn gives no impressions and was not read yet.
    expect(rows).toEqual([
      ['XX/Twitter', '1,204', '31', '58', '20,480', '77', 'Nov 20, 2026 3:05 PM'],
      ['inLinkedIn', '0', '0', '0', '—', '4', 'Not read yet'],
    ]);
    const headers = [...container.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual([
      'Network',
      'Likes',
      'Comments',
      'Shares',
      'Impressions',
      'Link clicks',
      'Read',
    ]);
    // The network's own names, for those who know them.
    expect(container.querySelector('details')?.textContent).toContain(
      'X/Twitterlike_count 1,204, reply_count 31, retweet_count 50, quote_count 8, impression_count 20,480',
    );
    unmount();
  });

  it('shows nothing for a post with no publication yet', async () => {
    const { container, fetchMock, unmount } = renderMetrics(() =>
      json({ message: 'ok', data: { publications: [] } }),
    );
    await until(() => fetchMock.mock.calls.length > 0);
    await act(settle);
    expect(container.textContent).toBe('');
    unmount();
  });

  it('says so when the numbers cannot be loaded', async () => {
    const { container, unmount } = renderMetrics(() => json({ message: 'Post not found' }, 404));
    await until(() => container.querySelector('[role="alert"]'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'Could not load this post’s numbers.',
    );
    unmount();
  });
});
