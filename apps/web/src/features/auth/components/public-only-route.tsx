import { ROUTES } from '@cadence/shared';
import { Navigate, Outlet } from 'react-router';
import { useToken } from '../../../lib/session';

/** /login is for visitors: someone who already holds a token goes to their companies. */
export function PublicOnlyRoute() {
  const token = useToken();
  if (token !== null) return <Navigate to={ROUTES.companies} replace />;
  return <Outlet />;
}
