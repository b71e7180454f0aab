// @vitest-environment jsdom
import type { PostReview } from '@cadence/shared';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../test/render';
import { PostReviewPanel } from './post-review-panel';
import { commentsKey, reviewKey } from './review-api';

const POST_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const inReview: PostReview = {
  approval: 'team_and_client',
  state: 'in_review',
  author_id: 'u1',
  team_approved_at: null,
  team_approved_by: null,
  client_approved_at: null,
  client_approved_name: null,
  waiting_for_client: false,
  actions: ['approve', 'request_changes'],
};
const buttons = (root: ParentNode) =>
  [...root.querySelectorAll('button')].map((b) => b.textContent?.trim());

describe("a post's review panel", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the state, both marks, the allowed actions and the comments', () => {
    const { container, unmount } = render(<PostReviewPanel postId={POST_ID} />, {
      queries: [
        [reviewKey(POST_ID), inReview],
        [
          commentsKey(POST_ID),
          [
            {
              id: 'c1',
              body: 'Shorter, please',
              visibility: 'team',
              author_name: 'Ada Owner',
              by_client: false,
              created_at: '2026-11-27T09:00:00.000Z',
            },
          ],
        ],
      ],
    });
    const panel = container.querySelector('section[aria-label="Review"]')!;
    expect(panel.textContent).toContain('In review');
    expect(panel.textContent).toContain('Team not yet');
    expect(panel.textContent).toContain('Client not yet');
    expect(buttons(panel)).toEqual(['Approve', 'Request changes', 'Comment']);
    expect(panel.textContent).toContain('Ada Owner · Team only');
    expect(panel.textContent).toContain('Shorter, please');
    unmount();
  });

  it('offers only Submit on a draft, and nothing at all without approval', () => {
    const draft = { ...inReview, state: 'draft' as const, actions: ['submit' as const] };
    const first = render(<PostReviewPanel postId={POST_ID} />, {
      queries: [
        [reviewKey(POST_ID), draft],
        [commentsKey(POST_ID), []],
      ],
    });
    expect(buttons(first.container)).toEqual(['Submit for review', 'Comment']);
    first.unmount();
    const none = render(<PostReviewPanel postId={POST_ID} />, {
      queries: [[reviewKey(POST_ID), { ...inReview, approval: 'none', actions: [] }]],
    });
    expect(none.container.querySelector('section')).toBeNull();
    none.unmount();
  });

  it('asks for a comment before sending a post back', async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            message: 'Changes requested',
            data: { ...inReview, state: 'changes_requested', actions: [] },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = render(<PostReviewPanel postId={POST_ID} />, {
      queries: [
        [reviewKey(POST_ID), inReview],
        [commentsKey(POST_ID), []],
      ],
    });
    const click = (text: string) =>
      [...container.querySelectorAll('button')]
        .find((b) => b.textContent?.trim() === text)!
        .click();
    act(() => click('Request changes'));
    act(() => click('Send back'));
    expect(container.textContent).toContain('Comment is required');
    expect(fetchMock).not.toHaveBeenCalled();
    const textarea = container.querySelector<HTMLTextAreaElement>(`#request-changes-${POST_ID}`)!;
    act(() => {
      Reflect.set(HTMLTextAreaElement.prototype, 'value', 'Shorter', textarea);
      textarea.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => {
      click('Send back');
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/customer/post/${POST_ID}/request-changes`,
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ comment: 'Shorter' }) }),
    );
    expect(container.textContent).toContain('Changes requested');
    unmount();
  });
});
