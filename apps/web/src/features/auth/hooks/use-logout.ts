import { ROUTES, TOASTS } from '@cadence/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { removeToken } from '../../../lib/session';

export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useCallback(() => {
    removeToken();
    queryClient.clear();
    toast.success(TOASTS.logoutSuccess);
    void navigate(ROUTES.login, { replace: true });
  }, [navigate, queryClient]);
}
