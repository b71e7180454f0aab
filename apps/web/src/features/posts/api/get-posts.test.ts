import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { buildPostsSearch, postsQueryOptions } from './get-posts';

describe('postsQueryOptions', () => {
  it('gives the route loader (no status) and the page (status "") the same key', () => {
    const loader = postsQueryOptions({ page: 1, q: '', companyId: '' });
    const page = postsQueryOptions({ page: 1, q: '', companyId: '', status: '' });
    expect(hashKey(loader.queryKey)).toBe(hashKey(page.queryKey));
  });

  it('keeps a status filter in the key', () => {
    const all = postsQueryOptions({ page: 1, q: '', companyId: '' });
    const unscheduled = postsQueryOptions({
      page: 1,
      q: '',
      companyId: '',
      status: 'not_scheduled',
    });
    expect(hashKey(unscheduled.queryKey)).not.toBe(hashKey(all.queryKey));
  });

  it('asks for the most engaging posts first only when sorted by engagement', () => {
    const filter = { page: 2, q: '', companyId: '' };
    expect(buildPostsSearch(filter)).toBe('page=2&pageSize=25');
    expect(buildPostsSearch({ ...filter, sort: 'newest' })).toBe('page=2&pageSize=25');
    expect(buildPostsSearch({ ...filter, sort: 'engagement' })).toBe(
      'page=2&pageSize=25&sort=engagement',
    );
    const newest = postsQueryOptions({ ...filter, sort: 'newest' });
    expect(hashKey(newest.queryKey)).toBe(hashKey(postsQueryOptions(filter).queryKey));
    const engaging = postsQueryOptions({ ...filter, sort: 'engagement' });
    expect(hashKey(engaging.queryKey)).not.toBe(hashKey(newest.queryKey));
  });
});
