import { queryClient } from '../lib/query-client';
import { getToken } from '../lib/session';

/**
 * Route loaders that start a screen's first requests alongside its code instead of after
 * it (no request waterfall). They never wait: the screen's queries pick the answers up,
 * and render their own loading and error states. Each loads its query options the way the
 * screen does (the screen imports them too, and the server names them as preloads), so
 * the entities and posts schemas stay out of the JavaScript every page loads first.
 */
function startWith(prefetch: () => unknown) {
  return () => {
    if (getToken() !== null) void prefetch();
    return null;
  };
}

const prefetchCompanies = () =>
  import('../lib/queries/companies').then((m) =>
    queryClient.prefetchQuery(m.companiesQueryOptions()),
  );

export const ROUTE_DATA = {
  companies: startWith(prefetchCompanies),
  posts: startWith(() => {
    void prefetchCompanies();
    return import('../features/posts/api/get-posts').then((m) =>
      queryClient.prefetchQuery(m.postsQueryOptions({ page: 1, q: '', companyId: '' })),
    );
  }),
  scheduling: startWith(() =>
    import('../features/scheduling/api/prefetch-scheduling').then((m) =>
      m.prefetchScheduling(queryClient),
    ),
  ),
};
