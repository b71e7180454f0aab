import { describe, expect, it } from 'vitest';
import { pageItems, totalPagesOf } from './page-items';

const show = (current: number, total: number, hasMore = false) =>
  pageItems(current, total, hasMore)
    .map((item) => (item.kind === 'page' ? String(item.page) : '…'))
    .join(' ');

describe('pageItems', () => {
  it('is empty for one page or none', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, 1)).toEqual([]);
  });

  it('shows every page when nothing would be hidden', () => {
    expect(show(1, 2)).toBe('1 2');
    expect(show(2, 3)).toBe('1 2 3');
    expect(show(3, 5)).toBe('1 2 3 4 5');
  });

  it('shows first, last and the neighbours of the current page with gaps', () => {
    expect(show(1, 10)).toBe('1 2 … 10');
    expect(show(5, 10)).toBe('1 … 4 5 6 … 10');
    expect(show(10, 10)).toBe('1 … 9 10');
  });

  it('ends with a gap instead of a last page when more pages follow the counted ones', () => {
    expect(show(1, 6, true)).toBe('1 2 …');
    expect(show(4, 9, true)).toBe('1 2 3 4 5 …');
    expect(show(8, 13, true)).toBe('1 … 7 8 9 …');
  });

  it('fills a one-page gap with the page itself instead of an ellipsis', () => {
    expect(show(4, 10)).toBe('1 2 3 4 5 … 10');
    expect(show(7, 10)).toBe('1 … 6 7 8 9 10');
  });

  it('clamps a current page outside the range', () => {
    expect(show(99, 4)).toBe('1 2 3 4');
    expect(show(-3, 6)).toBe('1 2 … 6');
  });

  it('counts pages from a total and a page size', () => {
    expect(totalPagesOf(0, 25)).toBe(1);
    expect(totalPagesOf(25, 25)).toBe(1);
    expect(totalPagesOf(26, 25)).toBe(2);
  });
});
