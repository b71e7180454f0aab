import { describe, expect, it } from 'vitest';
import { postPublishStatusOf } from './posts.js';

const at = (day: number) => `2026-01-${String(day).padStart(2, '0')}T09:00:00.000Z`;

describe('postPublishStatusOf', () => {
  it('is null with no occurrence, or only cancelled ones', () => {
    expect(postPublishStatusOf([])).toBeNull();
    expect(postPublishStatusOf([{ status: 'cancelled', scheduled_for: at(1) }])).toBeNull();
  });

  it("reads 'scheduled' only while an occurrence waits or is being sent", () => {
    expect(
      postPublishStatusOf([
        { status: 'published', scheduled_for: at(1) },
        { status: 'pending', scheduled_for: at(2) },
      ]),
    ).toBe('scheduled');
    expect(postPublishStatusOf([{ status: 'publishing', scheduled_for: at(1) }])).toBe('scheduled');
  });

  it('otherwise tells the outcome of the latest occurrence', () => {
    expect(postPublishStatusOf([{ status: 'published', scheduled_for: at(1) }])).toBe('published');
    expect(postPublishStatusOf([{ status: 'partial', scheduled_for: at(1) }])).toBe(
      'partly_published',
    );
    expect(
      postPublishStatusOf([
        { status: 'published', scheduled_for: at(1) },
        { status: 'missed', scheduled_for: at(3) },
        { status: 'cancelled', scheduled_for: at(4) },
      ]),
    ).toBe('failed');
  });
});
