import { ROUTES } from '@cadence/shared';
import { Navigate, Outlet } from 'react-router';
import { FullPageLoading } from '../../../components/layout/full-page-status';
import { isUnauthorizedError } from '../../../lib/api-error';
import { useToken } from '../../../lib/session';
import { FirstFrameOr } from '../../../components/layout/first-frame';
import { useMe } from '../api/get-me';
import { AuthErrorPage } from './auth-error-page';

/** Gate for every signed-in route: no token → /login; the session is checked once per load. */
export function RequireAuth() {
  const token = useToken();
  const me = useMe();

  if (token === null) return <Navigate to={ROUTES.login} replace />;
  // The session check of a page load: the screen's first frame stays on screen meanwhile.
  if (me.isPending) return <FirstFrameOr fallback={<FullPageLoading />} />;
  if (me.isError) {
    // The API client has already cleared the storage for a 401; this only follows it.
    if (isUnauthorizedError(me.error)) return <Navigate to={ROUTES.login} replace />;
    return <AuthErrorPage />;
  }
  return <Outlet />;
}
