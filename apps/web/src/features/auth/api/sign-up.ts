import type { SignUp } from '@cadence/shared';
import { API_PATHS } from '@cadence/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { OtpSentAnswer } from '../utils/otp-sent';
import { toOtpSent } from '../utils/otp-sent';

/** Creates the account (or refreshes an unverified one) and sends a registration code. */
export async function signUp(input: SignUp) {
  const { data } = await apiRequest<OtpSentAnswer>(API_PATHS.signUp, {
    method: 'POST',
    body: input,
    auth: false,
  });
  return toOtpSent({ email: input.email, purpose: 'registration' }, data);
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
