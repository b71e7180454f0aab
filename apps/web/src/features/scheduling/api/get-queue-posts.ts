import { API_PATHS, PostListSchema } from '@cadence/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { listQuery } from '../utils/list-query';
import { POSTS_QUERY_KEY } from '../../../lib/query-keys';

export interface QueuePostsParams {
  page: number;
  pageSize: number;
  /** Empty for all entities. */
  companyId: string;
}

/** One page of the customer's posts (the Post List), newest first. */
export async function getQueuePosts(params: QueuePostsParams, signal?: AbortSignal) {
  const query = listQuery({
    page: params.page,
    pageSize: params.pageSize,
    company_id: params.companyId,
  });
  const { data } = await apiRequest(`${API_PATHS.posts}${query}`, {
    schema: PostListSchema,
    signal,
  });
  return data;
}

export function queuePostsQueryOptions(params: QueuePostsParams) {
  return queryOptions({
    queryKey: [...POSTS_QUERY_KEY, 'list', params] as const,
    queryFn: ({ signal }) => getQueuePosts(params, signal),
    placeholderData: keepPreviousData,
  });
}

export function useQueuePosts(params: QueuePostsParams) {
  return useQuery(queuePostsQueryOptions(params));
}
