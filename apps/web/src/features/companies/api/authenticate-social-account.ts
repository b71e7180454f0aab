import { API_PATHS, AuthenticateResultSchema, FacebookPageSchema } from '@cadence/shared';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';
import type { ConnectionBody } from '../utils/connection-request';

/**
 * The connection test: the server signs in to the network with the credentials and answers
 * the account (and a message like 'Bluesky connection verified'); a 400/502 carries the
 * network's failure text, e.g. 'Twitter connection failed: Invalid or expired token'.
 */
export async function authenticateSocialAccount(body: ConnectionBody) {
  const { data } = await apiRequest(API_PATHS.socialAuthenticate, {
    method: 'POST',
    body,
    schema: AuthenticateResultSchema,
  });
  return data;
}

/** Only the page list matters to 'Get Page List'; an answer without one is a failure. */
const PageListResultSchema = z.object({
  credentials: z.object({ page_list: z.array(FacebookPageSchema) }),
});

/** Facebook 'Get Page List': the same call with the client credentials grant. */
export async function getFacebookPages(body: ConnectionBody) {
  const { data } = await apiRequest(API_PATHS.socialAuthenticate, {
    method: 'POST',
    body,
    schema: PageListResultSchema,
  });
  return data.credentials.page_list;
}

export function useAuthenticateSocialAccount() {
  return useMutation({ mutationFn: authenticateSocialAccount });
}

export function useFacebookPages() {
  return useMutation({ mutationFn: getFacebookPages });
}
