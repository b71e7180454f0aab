import { ROUTES } from '@cadence/shared';
import { Navigate, Outlet } from 'react-router';
import { useMe } from '../api/get-me';

/** Admin-only routes; sits inside RequireAuth, so the customer is already loaded. */
export function RequireAdmin() {
  const { data: me } = useMe();
  if (me?.is_admin !== true) return <Navigate to={ROUTES.home} replace />;
  return <Outlet />;
}
