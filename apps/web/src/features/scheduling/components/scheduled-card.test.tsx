// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import {
  describeRow,
  expectedWaitingRow,
  renderRow,
  waitingInstance,
  ZONE,
} from '../../../components/publications/publication-row.test-kit';
import { ScheduledCard } from './scheduled-card';

describe('a scheduled card', () => {
  it("shows a waiting copy as the post's view does: status, 'Reconnect before' notice, actions", () => {
    const { row, unmount } = renderRow(
      <ul>
        <ScheduledCard
          instance={waitingInstance}
          timeZone={ZONE}
          isSelecting={false}
          isSelected={false}
          onToggle={() => {}}
          onDelete={() => {}}
          onMoveTo={() => {}}
        />
      </ul>,
    );
    expect(describeRow(row)).toEqual(expectedWaitingRow);
    unmount();
  });
});
