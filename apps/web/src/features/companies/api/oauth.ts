import {
  API_PATHS,
  OAuthChoicesSchema,
  OAuthConfigSchema,
  OAuthStartResultSchema,
  SavedConnectionSchema,
  type NetworkId,
  type OAuthNetworkId,
} from '@cadence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { COMPANIES_QUERY_KEY } from '../../../lib/queries/companies';

const withNetwork = (path: string, network: string) => path.replace(':network', network);

/** Which networks this server connects in one click (admins also get the variables to set). */
export function useOAuthConfig() {
  return useQuery({
    queryKey: ['social-oauth-config'],
    queryFn: async ({ signal }) => {
      const { data } = await apiRequest(API_PATHS.socialOAuthConfig, {
        schema: OAuthConfigSchema,
        signal,
      });
      return data;
    },
    staleTime: 5 * 60_000,
  });
}

/** Starts one-click connect: answers the network's consent page, where the browser goes next. */
export async function startOAuth(network: OAuthNetworkId, companyId: string) {
  const { data } = await apiRequest(withNetwork(API_PATHS.socialOAuthStart, network), {
    method: 'POST',
    body: { company_id: companyId },
    schema: OAuthStartResultSchema,
  });
  return data.authorize_url;
}

/** After Facebook Login: the Pages (or Instagram accounts) to choose from. */
export function useOAuthChoices(network: NetworkId, pendingId: string) {
  return useQuery({
    queryKey: ['social-oauth-choices', network, pendingId],
    queryFn: async ({ signal }) => {
      const path = withNetwork(API_PATHS.socialOAuthChoices, network).replace(':id', pendingId);
      const { data } = await apiRequest(path, { schema: OAuthChoicesSchema, signal });
      return data;
    },
    retry: false,
  });
}

export function useCompleteOAuth(network: NetworkId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { pending_id: string; option_id: string }) => {
      const { data, message } = await apiRequest(
        withNetwork(API_PATHS.socialOAuthComplete, network),
        { method: 'POST', body, schema: SavedConnectionSchema },
      );
      return { data, message };
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY }),
  });
}
