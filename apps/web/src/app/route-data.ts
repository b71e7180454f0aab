import { companiesQueryOptions } from '../lib/queries/companies';
import { postsQueryOptions } from '../features/posts/api/get-posts';
import { queryClient } from '../lib/query-client';
import { getToken } from '../lib/session';

/**
 * Route loaders that start a screen's first requests alongside its code instead of after
 * it (no request waterfall). They never wait: the screen's queries pick the answers up,
 * and render their own loading and error states.
 */
function startWith(prefetch: () => unknown) {
  return () => {
    if (getToken() !== null) void prefetch();
    return null;
  };
}

export const ROUTE_DATA = {
  companies: startWith(() => queryClient.prefetchQuery(companiesQueryOptions())),
  posts: startWith(() => {
    void queryClient.prefetchQuery(companiesQueryOptions());
    return queryClient.prefetchQuery(postsQueryOptions({ page: 1, q: '', companyId: '' }));
  }),
  scheduling: startWith(() =>
    import('../features/scheduling/api/prefetch-scheduling').then((m) =>
      m.prefetchScheduling(queryClient),
    ),
  ),
};
