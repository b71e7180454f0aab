import { API_PATHS, CONNECTION_MESSAGES } from '@cadence/shared';
import type { CompanyList } from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { withoutConnection } from '../utils/connection-cache';
import type { DisconnectBody } from '../utils/connection-request';
import { COMPANIES_QUERY_KEY } from '../../../lib/queries/companies';

/** Removes the company's connection; spec §7: it worked only when the message says so. */
export async function disconnectSocialAccount(body: DisconnectBody) {
  const { message } = await apiRequest<null>(API_PATHS.socialDisconnect, {
    method: 'POST',
    body,
  });
  if (message !== CONNECTION_MESSAGES.disconnected) {
    throw new Error(`Unexpected disconnect answer: ${message}`);
  }
  return message;
}

export function useDisconnectSocialAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectSocialAccount,
    onSuccess: (_message, body) => {
      queryClient.setQueryData<CompanyList>(COMPANIES_QUERY_KEY, (list) =>
        withoutConnection(list, body.company_id, body.social_account_type),
      );
      void queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY });
    },
  });
}
