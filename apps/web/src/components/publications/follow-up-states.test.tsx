// @vitest-environment jsdom
import { POST_VARIANT_MESSAGES } from '@cadence/shared';
import { act } from 'react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, type Rendered } from '../../test/render';
import { publicationFixture } from '../../test/schedule-fixtures';
import { PublicationRow } from './publication-row';

const PART_ID = '9a1b2c3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d';
const COMMENT_ID = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describe('a publication’s thread and first comment on its row', () => {
  let tree: Rendered;
  afterEach(() => {
    tree.unmount();
    vi.restoreAllMocks();
  });

  const buttons = () => [...tree.container.querySelectorAll('button')].map((b) => b.textContent);

  it("says 'Part 3 of 4 failed' beside a published post, and its Retry resumes at that part", async () => {
    vi.spyOn(toast, 'success').mockReturnValue('toast');
    const fetchSpy = vi
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(
        new Response(
          JSON.stringify({ message: 'Retry requested', data: { id: PART_ID, status: 'pending' } }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      );
    const publication = publicationFixture({
      id: 'pub-x',
      network: 'twitter',
      status: 'published',
      thread: {
        total: 4,
        posted: 2,
        stopped_at: { part: 3, part_id: PART_ID, status: 'failed', error: 'X: duplicate' },
      },
    });
    tree = render(
      <ul>
        <PublicationRow publication={publication} companyId={null} timeZone="UTC" />
      </ul>,
    );
    expect(tree.container.textContent).toContain(POST_VARIANT_MESSAGES.partFailed(3, 4));
    expect(tree.container.textContent).toContain('X: duplicate');
    const retry = [...tree.container.querySelectorAll('button')].find(
      (button) => button.textContent === 'Retry part 3',
    )!;
    await act(async () => {
      retry.click();
      await Promise.resolve();
    });
    expect(fetchSpy.mock.calls[0]?.[0] as string).toContain(
      `/api/publication-parts/${PART_ID}/retry`,
    );
    expect(fetchSpy.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it('shows a failed first comment with its own Retry, and nothing to do while it waits', () => {
    tree = render(
      <ul>
        <PublicationRow
          publication={publicationFixture({
            id: 'pub-fb',
            network: 'facebook',
            status: 'published',
            first_comment: { id: COMMENT_ID, status: 'failed', error: 'Refused', due_at: null },
          })}
          companyId={null}
          timeZone="UTC"
        />
      </ul>,
    );
    expect(tree.container.textContent).toContain(POST_VARIANT_MESSAGES.commentFailed);
    expect(buttons()).toContain('Retry comment');
    tree.unmount();
    tree = render(
      <ul>
        <PublicationRow
          publication={publicationFixture({
            id: 'pub-fb',
            network: 'facebook',
            status: 'published',
            first_comment: { id: COMMENT_ID, status: 'pending', error: null, due_at: null },
          })}
          companyId={null}
          timeZone="UTC"
        />
      </ul>,
    );
    expect(tree.container.textContent).toContain(POST_VARIANT_MESSAGES.commentWaiting);
    expect(buttons()).not.toContain('Retry comment');
  });
});
