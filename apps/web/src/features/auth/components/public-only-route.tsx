import { ROUTES } from '@cadence/shared';
import { Navigate, Outlet } from 'react-router';
import { useToken } from '../../../lib/session';
import { getPendingInvite } from '../../../lib/workspace';

/**
 * /login is for visitors: someone who already holds a token goes to their companies, or back
 * to the invitation they opened before signing in (the same place the sign-in itself sends
 * them: this redirect, rendered once the token is stored, must not overrule it).
 */
export function PublicOnlyRoute() {
  const token = useToken();
  if (token !== null) {
    const invite = getPendingInvite();
    return (
      <Navigate to={invite ? ROUTES.invite.replace(':token', invite) : ROUTES.companies} replace />
    );
  }
  return <Outlet />;
}
