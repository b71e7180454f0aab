import type { SignIn } from '@cadence/shared';
import { AccessTokenSchema, API_PATHS } from '@cadence/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Exchanges credentials for an access token; storing it is the caller's step. */
export async function signIn(input: SignIn) {
  // auth: false, because a 401 here means a wrong password, not an expired session.
  const { data } = await apiRequest(API_PATHS.signIn, {
    method: 'POST',
    body: input,
    auth: false,
    schema: AccessTokenSchema,
  });
  return data;
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
