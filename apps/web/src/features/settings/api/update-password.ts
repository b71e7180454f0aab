import type { PasswordChange } from '@cadence/shared';
import { AccessTokenSchema, API_PATHS } from '@cadence/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { storeToken } from '../../../lib/session';

/** Changes the password; the answer's fresh token keeps this browser signed in. */
export async function updatePassword(input: PasswordChange) {
  const { data } = await apiRequest(API_PATHS.updatePassword, {
    method: 'PATCH',
    body: input,
    schema: AccessTokenSchema,
  });
  return data;
}

export function useUpdatePassword() {
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: (token) => storeToken(token.access_token),
  });
}
