// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  describeRow,
  expectedWaitingRow,
  POST_ID,
  renderRow,
  waitingInstance,
} from '../../../components/publications/publication-row.test-kit';
import { SCHEDULES_QUERY_KEY } from '../../../lib/query-keys';
import { PostPublications } from './post-publications';

describe("the post's view of its publications", () => {
  it("shows a waiting copy as the Scheduling page does: status, 'Reconnect before' notice, actions", () => {
    const { row, unmount } = renderRow(<PostPublications postId={POST_ID} />, [
      [[...SCHEDULES_QUERY_KEY, 'post', POST_ID], [waitingInstance]],
    ]);
    expect(describeRow(row)).toEqual(expectedWaitingRow);
    unmount();
  });
});
