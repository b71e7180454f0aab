// @vitest-environment jsdom
import type { ApiCallList } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { render } from '../../../test/render';
import { USER_SETTINGS_QUERY_KEY } from '../../../lib/queries/user-settings';
import { apiCallsQueryKey } from '../api/get-api-calls';
import { ApiCallsLog } from './api-calls-log';

const page: ApiCallList = {
  rows: [
    {
      id: 'c1',
      key_name: 'CI deploy',
      key_prefix: 'Ab3_x-9Z',
      method: 'POST',
      route: '/api/v1/media/from-url',
      status: 429,
      duration_ms: 12,
      created_at: '2026-11-20T15:30:00.000Z',
    },
    {
      id: 'c2',
      key_name: 'CI deploy',
      key_prefix: 'Ab3_x-9Z',
      method: 'GET',
      route: '/api/v1/me',
      status: 200,
      duration_ms: 3,
      created_at: '2026-11-20T15:29:00.000Z',
    },
  ],
  count: 2,
  count_is_exact: true,
  page: 1,
  limit: 10,
};

describe('the API calls log', () => {
  it('lists each call with its status, route, key and time in the saved zone', () => {
    const { container, unmount } = render(<ApiCallsLog />, {
      queries: [
        [USER_SETTINGS_QUERY_KEY, { timezone: 'Asia/Tokyo' }],
        [apiCallsQueryKey(1), page],
      ],
    });
    expect(container.querySelector('h3')?.textContent).toBe('API calls');
    const rows = [...container.querySelectorAll('[data-testid="api-call"]')];
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('429POST /api/v1/media/from-url');
    expect(rows[0]?.textContent).toContain(
      'Nov 21, 2026 12:30 AM · 12 ms · key CI deploy (cad_Ab3_x-9Z_…)',
    );
    expect(rows[1]?.textContent).toContain('200GET /api/v1/me');
    expect(rows[0]?.querySelector('button')?.getAttribute('aria-label')).toBe(
      'Copy the call POST /api/v1/media/from-url of Nov 21, 2026 12:30 AM',
    );
    unmount();
  });

  it('says when there are no calls yet', () => {
    const { container, unmount } = render(<ApiCallsLog />, {
      queries: [
        [USER_SETTINGS_QUERY_KEY, { timezone: 'UTC' }],
        [apiCallsQueryKey(1), { ...page, rows: [], count: 0 }],
      ],
    });
    expect(container.textContent).toContain('No API calls yet.');
    unmount();
  });
});
