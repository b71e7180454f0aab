import {
  API_PATHS,
  ApiKeyListSchema,
  CreatedApiKeySchema,
  type ApiKeyCreate,
} from '@cadence/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const API_KEYS_QUERY_KEY = ['api-keys'] as const;

/** The customer's API keys not revoked, newest first (never their secrets). */
export async function getApiKeys(signal?: AbortSignal) {
  const { data } = await apiRequest(API_PATHS.apiKeys, { schema: ApiKeyListSchema, signal });
  return data.rows;
}

export function apiKeysQueryOptions() {
  return queryOptions({
    queryKey: API_KEYS_QUERY_KEY,
    queryFn: ({ signal }) => getApiKeys(signal),
  });
}

export function useApiKeys(enabled = true) {
  return useQuery({ ...apiKeysQueryOptions(), enabled });
}

/** Creates a key; the answer holds the whole key, this once. */
export function useCreateApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ApiKeyCreate) =>
      (await apiRequest(API_PATHS.apiKeys, { method: 'POST', body, schema: CreatedApiKeySchema }))
        .data,
    onSuccess: () => client.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}

export function useRevokeApiKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest(API_PATHS.apiKey.replace(':id', encodeURIComponent(id)), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY }),
  });
}
