import type { PostSort, PostStatusFilter } from '@cadence/shared';
import { API_PATHS, POSTS_PAGE_SIZE_DEFAULT, PostListSchema } from '@cadence/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';

export interface PostsFilter {
  page: number;
  /** Search text (content, url, entity name); '' for none. */
  q: string;
  /** One entity's posts; '' for all. */
  companyId: string;
  /** One status (filtered on the server); '' or absent for all. */
  status?: PostStatusFilter | '';
  /** The list's order; newest first when absent. */
  sort?: PostSort;
}

export function buildPostsSearch({
  page,
  q,
  companyId,
  status = '',
  sort = 'newest',
}: PostsFilter): string {
  const params = new URLSearchParams({
    page: String(page),
    pageSize: String(POSTS_PAGE_SIZE_DEFAULT),
  });
  const text = q.trim();
  if (text !== '') params.set('q', text);
  if (companyId !== '') params.set('company_id', companyId);
  if (status !== '') params.set('status', status);
  if (sort !== 'newest') params.set('sort', sort);
  return params.toString();
}

/** One page of the customer's posts, newest first, with their entity and attachments. */
export async function getPosts(filter: PostsFilter, signal?: AbortSignal) {
  const { data } = await apiRequest(`${API_PATHS.posts}?${buildPostsSearch(filter)}`, {
    schema: PostListSchema,
    signal,
  });
  return data;
}

export function postsQueryOptions(filter: PostsFilter) {
  return queryOptions({
    // `status` absent and '' are the same list (and `sort` absent and 'newest'): one key for
    // both, so the route loader's request is the one the page then reads, not a second one.
    queryKey: [
      ...POSTS_QUERY_KEY,
      { ...filter, status: filter.status ?? '', sort: filter.sort ?? 'newest' },
    ],
    queryFn: ({ signal }) => getPosts(filter, signal),
    // The current page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });
}

export function usePosts(filter: PostsFilter) {
  return useQuery(postsQueryOptions(filter));
}
