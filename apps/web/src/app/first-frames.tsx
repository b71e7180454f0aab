import { ROUTES } from '@cadence/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter, Route, Routes } from 'react-router';
import { PageHeader, type ScreenHeader } from '../components/layout/page-header';
import { ADMIN_HEADER } from '../features/admin/components/admin-page';
import { ANALYTICS_HEADER } from '../features/analytics/components/analytics-page';
import { LoginPage } from '../features/auth/components/login-page';
import { COMPANIES_HEADER } from '../features/companies/components/companies-page';
import { POSTS_HEADER } from '../features/posts/components/posts-page';
import { SCHEDULING_HEADER } from '../features/scheduling/components/scheduling-page';
import { SETTINGS_HEADER } from '../features/settings/components/settings-page';
import { SUBSCRIPTIONS_HEADER } from '../features/subscriptions/components/subscriptions-page';
import { FirstFrameLayout, PageContent } from './layout/app-layout';

/**
 * Each signed-in screen's heading, as the screen renders it: the build imports the screens
 * (this module never reaches the browser), so the text in the HTML is the text that stays.
 */
export const SCREEN_HEADERS = {
  [ROUTES.companies]: COMPANIES_HEADER,
  [ROUTES.posts]: POSTS_HEADER,
  [ROUTES.scheduling]: SCHEDULING_HEADER,
  [ROUTES.analytics]: ANALYTICS_HEADER,
  [ROUTES.subscriptions]: SUBSCRIPTIONS_HEADER,
  [ROUTES.settings]: SETTINGS_HEADER,
  [ROUTES.admin]: ADMIN_HEADER,
} satisfies Record<string, ScreenHeader>;
type FramedScreen = keyof typeof SCREEN_HEADERS;

/** The screens whose address gets a first frame in its HTML. */
export const FIRST_FRAME_ROUTES = [
  ROUTES.login,
  ...(Object.keys(SCREEN_HEADERS) as FramedScreen[]),
];
export type FirstFrameRoute = (typeof FIRST_FRAME_ROUTES)[number];

/**
 * What a screen shows before its JavaScript has run, rendered to HTML by the build
 * (`build/first-frames.tsx`) once for an ordinary instance and once for the demo (which
 * shows its notice): /login is the sign-in form itself; a signed-in screen is the
 * navigation and its heading, the largest text of its first screenful. Inert: it is
 * hidden from assistive technology (a picture of the page to come, not the page), and
 * replaced as soon as React renders (`components/layout/first-frame.tsx`).
 */
export function FirstFrame({ route, isDemo }: { route: FirstFrameRoute; isDemo: boolean }) {
  const queryClient = new QueryClient();
  // The health answer the demo notice waits for, known here without a request.
  queryClient.setQueryData(['health'], { demo: isDemo });
  let screen: ReactNode;
  if (route === ROUTES.login) {
    screen = <Route path={route} element={<LoginPage />} />;
  } else {
    screen = (
      <Route element={<FirstFrameLayout isDemo={isDemo} isAdmin={route === ROUTES.admin} />}>
        <Route element={<PageContent />}>
          <Route path={route} element={<PageHeader {...SCREEN_HEADERS[route]} />} />
        </Route>
      </Route>
    );
  }
  return (
    <div inert aria-hidden="true" className="contents">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[route]}>
          <Routes>{screen}</Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </div>
  );
}

/**
 * The frame's text fields marked read-only (they look the same): the frame is inert, and a
 * value set into one by a script (a password manager, a test's `fill`) would vanish when the
 * app replaces the frame, so such a script waits for the app's own fields instead.
 */
export function withReadOnlyFields(html: string) {
  return html.replace(/<(input|textarea)\b(?![^>]*\sreadOnly)/g, '<$1 readOnly=""');
}

/** Every frame as HTML, plain and for the demo (the build's `build/first-frames.ts`). */
export async function renderFirstFrames(): Promise<
  Record<string, { plain: string; demo: string }>
> {
  const toHtml = async (route: FirstFrameRoute, isDemo: boolean) => {
    const { prelude } = await prerender(<FirstFrame route={route} isDemo={isDemo} />);
    const html = await new Response(prelude).text();
    if (html.trim() === '') throw new Error(`The first frame of ${route} rendered nothing`);
    return withReadOnlyFields(html);
  };
  const frames: Record<string, { plain: string; demo: string }> = {};
  for (const route of FIRST_FRAME_ROUTES) {
    frames[route] = { plain: await toHtml(route, false), demo: await toHtml(route, true) };
  }
  return frames;
}
