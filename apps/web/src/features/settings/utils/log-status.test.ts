import { describe, expect, it } from 'vitest';
import { logPeople } from './log-status';

describe('the people of a post log row', () => {
  it('names who the attempt was for, and the writer when another person', () => {
    expect(logPeople({ acted_by: 'Mona Manager', post_author: 'Eddie Editor' })).toBe(
      ' · by Mona Manager · written by Eddie Editor',
    );
    expect(logPeople({ acted_by: 'Eddie Editor', post_author: 'Eddie Editor' })).toBe(
      ' · by Eddie Editor',
    );
  });
  it('falls back to the writer on rows from before people were recorded, else nothing', () => {
    expect(logPeople({ acted_by: null, post_author: 'Olive Owner' })).toBe(' · by Olive Owner');
    expect(logPeople({ post_author: null })).toBe('');
  });
});
