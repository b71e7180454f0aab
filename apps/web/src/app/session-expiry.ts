import { ROUTES, TOASTS } from '@cadence/shared';
import type { QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { setUnauthorizedHandler } from '../lib/api-client';
import type { AppRouter } from './router';

/**
 * What a 401 on a signed-in call does (the client has already cleared local storage):
 * say why, forget everything cached for the old session, and go to /login.
 */
export function handleSessionExpiry(router: AppRouter, queryClient: QueryClient): void {
  setUnauthorizedHandler((serverMessage) => {
    // One toast even when several calls fail together.
    toast.error(serverMessage ?? TOASTS.unauthorizedRedirect, { id: 'session-expired' });
    // Later, so the query whose call just failed is not removed from under its own fetch.
    window.setTimeout(() => queryClient.clear(), 0);
    if (router.state.location.pathname !== ROUTES.login) {
      void router.navigate(ROUTES.login, { replace: true });
    }
  });
}
