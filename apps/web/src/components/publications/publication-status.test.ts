import { SCHEDULE_MESSAGES } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { describeStatus } from './publication-status';

describe('describeStatus', () => {
  it('labels every status', () => {
    expect(describeStatus('published', null)).toMatchObject({
      label: 'Published',
      tone: 'success',
    });
    expect(describeStatus('unconfirmed', null).label).toBe(SCHEDULE_MESSAGES.unconfirmed);
    expect(describeStatus('missed', null)).toMatchObject({
      label: 'Missed',
      hint: SCHEDULE_MESSAGES.missed,
    });
  });

  it('gives a failure its reason', () => {
    expect(describeStatus('failed', 'Token expired').hint).toBe('Token expired');
    expect(describeStatus('failed', null).hint).toBe('The network refused the post');
  });
});
