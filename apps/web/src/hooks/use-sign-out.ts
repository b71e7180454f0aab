import { ROUTES, TOASTS } from '@cadence/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { removeToken } from '../lib/session';
import { endSessionOnServer } from '../lib/sign-out';

/**
 * Signing out. `signOut` (the navigation's Logout) ends this session on the server, then
 * here even when the server could not be reached (the token still expires on its own).
 * `endHere` forgets the session in this browser and goes to /login with `message`, for a
 * caller that ended it on the server itself (Settings' 'Sign out everywhere').
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const endHere = useCallback(
    (message: string) => {
      removeToken();
      queryClient.clear();
      toast.success(message);
      void navigate(ROUTES.login, { replace: true });
    },
    [navigate, queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await endSessionOnServer(false);
    } catch {
      // Offline or refused: this browser still signs out.
    }
    endHere(TOASTS.logoutSuccess);
  }, [endHere]);

  return { signOut, endHere };
}
