import { ROUTES } from '@cadence/shared';
import { createBrowserRouter, Navigate } from 'react-router';
import { AdminPage } from '../features/admin/components/admin-page';
import { LoginPage } from '../features/auth/components/login-page';
import { PublicOnlyRoute } from '../features/auth/components/public-only-route';
import { RequireAdmin } from '../features/auth/components/require-admin';
import { RequireAuth } from '../features/auth/components/require-auth';
import { CompaniesPage } from '../features/companies/components/companies-page';
import { PaymentFailedPage } from '../features/subscriptions/components/payment-failed-page';
import { PaymentSuccessPage } from '../features/subscriptions/components/payment-success-page';
import { ReceiptPage } from '../features/subscriptions/components/receipt-page';
import { TestCheckoutPage } from '../features/subscriptions/components/test-checkout-page';
import { PostsPage } from '../features/posts/components/posts-page';
import { SchedulingPage } from '../features/scheduling/components/scheduling-page';
import { SettingsPage } from '../features/settings/components/settings-page';
import { SubscriptionSection } from '../features/subscriptions/components/subscription-section';
import { SubscriptionsPage } from '../features/subscriptions/components/subscriptions-page';
import { AppLayout, PageContent } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RouteErrorPage } from './route-error-page';

/** The spec's route table (spec 001 §2): /login is public, /admin/subscriptions admin-only. */
export function createAppRouter() {
  return createBrowserRouter([
    {
      errorElement: <RouteErrorPage />,
      children: [
        {
          element: <PublicOnlyRoute />,
          children: [{ path: ROUTES.login, element: <LoginPage /> }],
        },
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
                    { path: ROUTES.companies, element: <CompaniesPage /> },
                    { path: ROUTES.posts, element: <PostsPage /> },
                    { path: ROUTES.scheduling, element: <SchedulingPage /> },
                    { path: ROUTES.subscriptions, element: <SubscriptionsPage /> },
                    { path: ROUTES.paymentSuccess, element: <PaymentSuccessPage /> },
                    { path: ROUTES.paymentFailed, element: <PaymentFailedPage /> },
                    { path: ROUTES.testCheckout, element: <TestCheckoutPage /> },
                    { path: ROUTES.receipt, element: <ReceiptPage /> },
                    {
                      path: ROUTES.settings,
                      element: <SettingsPage subscriptionSection={<SubscriptionSection />} />,
                    },
                    {
                      element: <RequireAdmin />,
                      children: [{ path: ROUTES.admin, element: <AdminPage /> }],
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
