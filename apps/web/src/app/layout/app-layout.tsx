import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { lazyComponent } from '../../lib/lazy-component';
import { useToken } from '../../lib/session';
import { NavigationProgress } from './navigation-progress';
import { TopNav } from './top-nav';

// Its own chunk, loaded once someone is signed in: the banner's query and schema and the
// date formatting it needs (date-fns) are not part of /login's JavaScript (-12 KB gzip).
const DeploymentBanner = lazyComponent(() =>
  import('../../features/admin/components/deployment-banner').then((m) => m.DeploymentBanner),
);

/** Every screen but /login: the navigation shows only once a signed-in customer is known. */
export function AppLayout() {
  const token = useToken();
  const { data: user } = useMe();
  const isSignedIn = token !== null && user !== undefined;

  return (
    <div className={COLUMN}>
      <NavigationProgress />
      {isSignedIn && <TopNav user={user} />}
      {isSignedIn && user.simulated_networks && <SimulatedNetworksBanner />}
      {isSignedIn && user.is_admin && user.setup_hint && <SetupHint hint={user.setup_hint} />}
      {isSignedIn && (
        <Suspense fallback={null}>
          <DeploymentBanner />
        </Suspense>
      )}
      <Outlet />
    </div>
  );
}

/**
 * A signed-in screen's first frame (`app/first-frames.tsx`): the navigation without an
 * account (none is known when the build renders it) above the screen's heading.
 */
export function FirstFrameLayout({ isDemo, isAdmin }: { isDemo: boolean; isAdmin: boolean }) {
  return (
    <div className={COLUMN}>
      <TopNav isAdmin={isAdmin} />
      {isDemo && <SimulatedNetworksBanner />}
      <Outlet />
    </div>
  );
}

const COLUMN = 'flex min-h-dvh flex-col';

/** A demo instance publishes to local fakes; nobody should mistake it for the real thing. */
function SimulatedNetworksBanner() {
  return (
    // A landmark of its own, so every piece of the page sits in one (axe: region).
    <aside
      aria-label="Demo notice"
      className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-center text-sm text-amber-900"
    >
      <span className="font-semibold">Demo: simulated networks.</span> Posts are published to local
      stand-ins for X, Facebook, LinkedIn, Instagram, Bluesky and Threads; nothing leaves this
      machine.
    </aside>
  );
}

/** Admins only: one line naming what the server lacks (customers simply do not see it). */
function SetupHint({ hint }: { hint: string }) {
  return (
    <aside
      aria-label="Server setup"
      className="border-b border-gray-200 bg-gray-50 px-4 py-1.5 text-center text-xs text-gray-700"
    >
      <span className="font-semibold">Admin:</span> {hint}
    </aside>
  );
}

/** The content column of a signed-in page. */
export function PageContent() {
  return (
    <main className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <Outlet />
    </main>
  );
}
