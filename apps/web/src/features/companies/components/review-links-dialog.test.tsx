// @vitest-environment jsdom
import { API_PATHS, type ReviewLink } from '@cadence/shared';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_SETTINGS_QUERY_KEY } from '../../../lib/queries/user-settings';
import { changeValue, render } from '../../../test/render';
import { reviewLinksKey } from '../api/review-links';
import { ReviewLinksDialog } from './review-links-dialog';

const COMPANY = {
  id: '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f',
  name: 'Harbor Coffee',
  approval: 'team_and_client' as const,
};
const link = (id: string, overrides: Partial<ReviewLink>): ReviewLink => ({
  id,
  label: 'Week 48',
  created_at: '2026-11-20T15:00:00.000Z',
  expires_at: '2026-12-20T15:00:00.000Z',
  revoked_at: null,
  is_active: true,
  ...overrides,
});
const LINKS = [
  link('a1b2c3d4-0000-4000-8000-000000000001', {}),
  link('a1b2c3d4-0000-4000-8000-000000000002', {
    label: null,
    expires_at: '2026-11-21T15:00:00.000Z',
    is_active: false,
  }),
  link('a1b2c3d4-0000-4000-8000-000000000003', {
    label: 'October',
    revoked_at: '2026-11-22T09:30:00.000Z',
    is_active: false,
  }),
];

const answer = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
const button = (root: ParentNode, text: string) => {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};
const settle = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });

function renderDialog(approval: 'none' | 'team_and_client' = 'team_and_client') {
  return render(
    <ReviewLinksDialog company={{ ...COMPANY, approval }} onClose={() => undefined} />,
    {
      queries: [
        [reviewLinksKey(COMPANY.id), LINKS],
        // A New York customer: every time is shown in the saved zone.
        [USER_SETTINGS_QUERY_KEY, { timezone: 'America/New_York', dst_enabled: true }],
      ],
    },
  );
}
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]')!;

describe('the review links dialog', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('lists each link with its label, times in the saved zone and status', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const { unmount } = renderDialog();
    expect(dialog().getAttribute('aria-labelledby')).toBeTruthy();
    expect(dialog().textContent).toContain('Review links: Harbor Coffee');
    const rows = [...dialog().querySelectorAll('[data-testid="review-link"]')].map(
      (row) => row.textContent,
    );
    expect(rows[0]).toContain('Week 48Active');
    expect(rows[0]).toContain('Created Nov 20, 2026 10:00 AM · expires Dec 20, 2026 10:00 AM');
    expect(rows[1]).toContain('Untitled linkExpired');
    expect(rows[1]).toContain('expired Nov 21, 2026 10:00 AM');
    expect(rows[2]).toContain('OctoberRevoked');
    expect(rows[2]).toContain('revoked Nov 22, 2026 4:30 AM');
    // Only an active link can be revoked.
    expect(dialog().querySelectorAll('button[aria-label^="Revoke"]')).toHaveLength(1);
    expect(dialog().textContent).not.toContain('Posts wait for the client only when');
    unmount();
  });

  it('says when the entity does not wait for its client', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const { unmount } = renderDialog('none');
    expect(dialog().textContent).toContain(
      "Posts wait for the client only when the entity's approval is ‘The team, then the client approves’. This entity's approval: No approval",
    );
    unmount();
  });

  it('creates a link for 1 to 90 days (30 unless told) and shows its URL once, to copy', async () => {
    const url = 'http://cadence.example/review/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';
    const fetchMock = vi.fn((requested: string, init: RequestInit) =>
      init.method === 'POST'
        ? answer(201, {
            message: 'Review link created',
            data: { id: 'a1b2c3d4-0000-4000-8000-000000000009', url },
          })
        : answer(200, { message: 'ok', data: { rows: LINKS } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { unmount } = renderDialog();
    const form = dialog().querySelector('form[aria-label="New review link"]')!;
    const days = form.querySelector<HTMLInputElement>('input[type="number"]')!;
    expect(days.value).toBe('30');

    changeValue(days, '91');
    act(() => button(form, 'Create link').click());
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('A review link lasts 1 to 90 days');
    expect(fetchMock).not.toHaveBeenCalled();

    changeValue(days, '14');
    changeValue(form.querySelector<HTMLInputElement>('input:not([type])')!, 'Week 49');
    act(() => button(form, 'Create link').click());
    await settle();
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST')!;
    expect(post[0]).toContain(API_PATHS.companyReviewLinks.replace(':id', COMPANY.id));
    expect(JSON.parse(post[1].body as string)).toEqual({ label: 'Week 49', expires_in_days: 14 });
    const shown = dialog().querySelector<HTMLInputElement>('input[readonly]')!;
    expect(shown.value).toBe(url);
    await act(async () => {
      button(dialog(), 'Copy link').click();
      await Promise.resolve();
    });
    expect(writeText).toHaveBeenCalledWith(url);
    unmount();
  });

  it('revokes a link only after the question is answered', async () => {
    const fetchMock = vi.fn((_url: string, init: RequestInit) =>
      init.method === 'DELETE'
        ? answer(200, { message: 'Review link revoked', data: null })
        : answer(200, { message: 'ok', data: { rows: LINKS } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { unmount } = renderDialog();
    act(() =>
      dialog().querySelector<HTMLButtonElement>('button[aria-label="Revoke Week 48"]')!.click(),
    );
    const question = [...document.querySelectorAll('[role="dialog"]')].find((node) =>
      node.textContent?.includes('Revoke this review link?'),
    )!;
    expect(question.textContent).toContain('A client who opens "Week 48" will be told');
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'DELETE')).toBe(false);
    act(() => button(question, 'Revoke').click());
    await settle();
    const revoked = fetchMock.mock.calls.find(([, init]) => init.method === 'DELETE')!;
    expect(revoked[0]).toContain('/customer/review-links/a1b2c3d4-0000-4000-8000-000000000001');
    unmount();
  });
});
