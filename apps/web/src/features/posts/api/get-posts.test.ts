import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { postsQueryOptions } from './get-posts';

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
});
