import { ROUTES } from '@cadence/shared';
import { createElement, type ComponentType } from 'react';

type ScreenModule = Promise<{ Component: ComponentType }>;

/**
 * Every screen in its own chunk, loaded when its route is first visited (or prefetched,
 * see `prefetchScreen`). A screen's dialogs live in its chunk, so the first page only
 * carries the app shell and the screen it shows. New screens add a line here and use
 * `lazy: SCREENS[path]` in the router.
 */
export const SCREENS = {
  [ROUTES.login]: () =>
    import('../features/auth/components/login-page').then((m) => ({ Component: m.LoginPage })),
  [ROUTES.companies]: () =>
    import('../features/companies/components/companies-page').then((m) => ({
      Component: m.CompaniesPage,
    })),
  [ROUTES.posts]: () =>
    import('../features/posts/components/posts-page').then((m) => ({ Component: m.PostsPage })),
  [ROUTES.postsImport]: () =>
    import('../features/posts/components/import-page').then((m) => ({
      Component: m.ImportPage,
    })),
  [ROUTES.scheduling]: () =>
    import('../features/scheduling/components/scheduling-page').then((m) => ({
      Component: m.SchedulingPage,
    })),
  [ROUTES.analytics]: () =>
    import('../features/analytics/components/analytics-page').then((m) => ({
      Component: m.AnalyticsPage,
    })),
  [ROUTES.subscriptions]: () =>
    import('../features/subscriptions/components/subscriptions-page').then((m) => ({
      Component: m.SubscriptionsPage,
    })),
  [ROUTES.paymentSuccess]: () =>
    import('../features/subscriptions/components/payment-success-page').then((m) => ({
      Component: m.PaymentSuccessPage,
    })),
  [ROUTES.paymentFailed]: () =>
    import('../features/subscriptions/components/payment-failed-page').then((m) => ({
      Component: m.PaymentFailedPage,
    })),
  [ROUTES.testCheckout]: () =>
    import('../features/subscriptions/components/test-checkout-page').then((m) => ({
      Component: m.TestCheckoutPage,
    })),
  [ROUTES.receipt]: () =>
    import('../features/subscriptions/components/receipt-page').then((m) => ({
      Component: m.ReceiptPage,
    })),
  // The Subscription section belongs to features/subscriptions; the app composes it in.
  [ROUTES.settings]: () =>
    Promise.all([
      import('../features/settings/components/settings-page'),
      import('../features/subscriptions/components/subscription-section'),
    ]).then(([settings, subscriptions]) => ({
      Component: () =>
        createElement(settings.SettingsPage, {
          subscriptionSection: createElement(subscriptions.SubscriptionSection),
        }),
    })),
  [ROUTES.invite]: () =>
    import('../features/team/components/invite-page').then((m) => ({ Component: m.InvitePage })),
  // A client's review link: no account, no app shell.
  [ROUTES.review]: () =>
    import('../features/approvals/components/review-page').then((m) => ({
      Component: m.ReviewPage,
    })),
  [ROUTES.admin]: () =>
    import('../features/admin/components/admin-page').then((m) => ({ Component: m.AdminPage })),
} satisfies Record<string, () => ScreenModule>;

/**
 * Fetches a screen's chunk ahead of the click (nav links call it on hover, focus and
 * touch), so moving to it does not wait for the network. Harmless when already loaded.
 */
export function prefetchScreen(path: string): void {
  const load = (SCREENS as Record<string, (() => ScreenModule) | undefined>)[path];
  // A failed prefetch is retried by the navigation itself, which shows the error page.
  load?.().catch(() => undefined);
}
