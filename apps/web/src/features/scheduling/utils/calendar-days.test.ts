import { describe, expect, it } from 'vitest';
import { describePostCount, indexCalendarDays } from './calendar-days';

const post = (id: string, time: string) => ({
  id,
  scheduled_for: `2025-07-01T${time}:00.000Z`,
  content: `Post ${id}`,
  publish_status: 'scheduled' as const,
});

describe('indexCalendarDays', () => {
  it('keeps at most three posts, earliest first, and counts the rest', () => {
    const index = indexCalendarDays([
      {
        date: '2025-07-01',
        count: 5,
        posts: [post('c', '15:00'), post('a', '08:00'), post('b', '09:30'), post('d', '18:00')],
      },
    ]);
    const day = index.get('2025-07-01');
    expect(day?.posts.map((item) => item.id)).toEqual(['a', 'b', 'c']);
    expect(day?.moreCount).toBe(2);
  });

  it('leaves out days without posts', () => {
    expect(indexCalendarDays([{ date: '2025-07-02', count: 0, posts: [] }]).size).toBe(0);
  });
});

describe('describePostCount', () => {
  it('uses the singular for one post', () => {
    expect(describePostCount(1)).toBe('1 post scheduled');
    expect(describePostCount(4)).toBe('4 posts scheduled');
  });
});
