import { ROUTES } from '@cadence/shared';
import { createBrowserRouter, Navigate } from 'react-router';
import { PublicOnlyRoute } from '../features/auth/components/public-only-route';
import { RequireAdmin } from '../features/auth/components/require-admin';
import { RequireAuth } from '../features/auth/components/require-auth';
import { FirstFrameOr } from '../components/layout/first-frame';
import { AppLayout, PageContent } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';
import { ROUTE_DATA } from './route-data';
import { SCREENS } from './screens';

/**
 * The spec's route table (spec 001 §2): /login is public, /admin/subscriptions admin-only.
 * Every screen loads lazily from `SCREENS`; a `loader` from `ROUTE_DATA` starts its data
 * at the same time.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteErrorPage />,
      // Shown while the first screen's code and data load (the loaders and `lazy` above):
      // the screen's first frame from the HTML, else a blank page named busy.
      hydrateFallbackElement: (
        <FirstFrameOr fallback={<div className="min-h-dvh" aria-busy="true" />} />
      ),
      children: [
        // A client's review link: public whether or not someone is signed in on this browser.
        { path: ROUTES.review, lazy: SCREENS[ROUTES.review] },
        {
          element: <PublicOnlyRoute />,
          children: [{ path: ROUTES.login, lazy: SCREENS[ROUTES.login] }],
        },
        // An invitation's link: for visitors and the signed in alike.
        { path: ROUTES.invite, lazy: SCREENS[ROUTES.invite] },
        {
          element: <AppLayout />,
          children: [
            {
              element: <RequireAuth />,
              children: [
                { path: ROUTES.home, element: <Navigate to={ROUTES.companies} replace /> },
                {
                  element: <PageContent />,
                  children: [
                    {
                      path: ROUTES.companies,
                      loader: ROUTE_DATA.companies,
                      lazy: SCREENS[ROUTES.companies],
                    },
                    {
                      path: ROUTES.posts,
                      loader: ROUTE_DATA.posts,
                      lazy: SCREENS[ROUTES.posts],
                    },
                    { path: ROUTES.postsImport, lazy: SCREENS[ROUTES.postsImport] },
                    {
                      path: ROUTES.scheduling,
                      loader: ROUTE_DATA.scheduling,
                      lazy: SCREENS[ROUTES.scheduling],
                    },
                    { path: ROUTES.analytics, lazy: SCREENS[ROUTES.analytics] },
                    { path: ROUTES.subscriptions, lazy: SCREENS[ROUTES.subscriptions] },
                    { path: ROUTES.paymentSuccess, lazy: SCREENS[ROUTES.paymentSuccess] },
                    { path: ROUTES.paymentFailed, lazy: SCREENS[ROUTES.paymentFailed] },
                    { path: ROUTES.testCheckout, lazy: SCREENS[ROUTES.testCheckout] },
                    { path: ROUTES.receipt, lazy: SCREENS[ROUTES.receipt] },
                    { path: ROUTES.settings, lazy: SCREENS[ROUTES.settings] },
                    {
                      element: <RequireAdmin />,
                      children: [{ path: ROUTES.admin, lazy: SCREENS[ROUTES.admin] }],
                    },
                  ],
                },
              ],
            },
            { path: '*', element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
