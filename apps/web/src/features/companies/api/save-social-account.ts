import { API_PATHS, SavedConnectionSchema } from '@cadence/shared';
import type { CompanyList } from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withConnection } from '../utils/connection-cache';
import type { ConnectionBody } from '../utils/connection-request';
import { COMPANIES_QUERY_KEY } from '../../../lib/queries/companies';

/** Stores the network's credentials for the company; the answer is the new connection. */
export async function saveSocialAccount(body: ConnectionBody) {
  const { data } = await apiRequest(API_PATHS.socialSave, {
    method: 'POST',
    body,
    schema: SavedConnectionSchema,
  });
  return data;
}

export function useSaveSocialAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSocialAccount,
    onSuccess: (saved, body) => {
      const { social_account, account_name, connected_at } = saved;
      queryClient.setQueryData<CompanyList>(COMPANIES_QUERY_KEY, (list) =>
        // Whether it must be reconnected by a date comes with the refetch below.
        withConnection(list, body.company_id, {
          social_account,
          account_name,
          connected_at,
          reconnect_before: null,
        }),
      );
      // Not awaited: the caller closes the dialog at once; the refetch only confirms the cache.
      void queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY });
    },
  });
}
