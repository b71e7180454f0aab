import type { AccessToken } from '@cadence/shared';
import { ROUTES, TOASTS } from '@cadence/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { storeToken } from '../../../lib/session';
import { getPendingInvite, setWorkspaceId } from '../../../lib/workspace';

/**
 * The one toast of a sign-in attempt: a failure, or the code to verify, is replaced by the
 * next attempt's answer, so 'Email or password is incorrect' never stays beside 'Login
 * successful!'.
 */
export const SIGN_IN_TOAST_ID = 'sign-in-attempt';

/**
 * What a successful sign-in does, from the form or from the sign-in code dialog: a clean
 * cache, the token stored, the toast, and on to the Entities page. All in one call:
 * storing the token re-renders /login into a redirect, and a later callback could run after
 * the form is gone.
 */
export function useFinishSignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (token: AccessToken) => {
      queryClient.clear();
      storeToken(token.access_token);
      // A new session starts in the person's own workspace.
      setWorkspaceId(null);
      toast.success(TOASTS.loginSuccess, { id: SIGN_IN_TOAST_ID });
      // Opened from an invitation's link: back to it, to join.
      const invite = getPendingInvite();
      void navigate(invite ? ROUTES.invite.replace(':token', invite) : ROUTES.companies, {
        replace: true,
      });
    },
    [navigate, queryClient],
  );
}
