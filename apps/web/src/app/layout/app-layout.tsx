import { Outlet } from 'react-router';
import { useMe } from '../../features/auth/api/get-me';
import { useToken } from '../../lib/session';
import { TopNav } from './top-nav';

/** Every screen but /login: the navigation shows only once a signed-in customer is known. */
export function AppLayout() {
  const token = useToken();
  const { data: user } = useMe();
  const isSignedIn = token !== null && user !== undefined;

  return (
    <div className="flex min-h-dvh flex-col">
      {isSignedIn && <TopNav user={user} />}
      <Outlet />
    </div>
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
