import type { ResendOtp } from '@cadence/shared';
import { API_PATHS } from '@cadence/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { OtpSentAnswer } from '../utils/otp-sent';
import { toOtpSent } from '../utils/otp-sent';

/** Sends a new code; with purpose reset_password this is also how a password reset starts. */
export async function resendOtp(input: ResendOtp) {
  const { data } = await apiRequest<OtpSentAnswer>(API_PATHS.resendOtp, {
    method: 'POST',
    body: input,
    auth: false,
  });
  return toOtpSent(input, data);
}

export function useResendOtp() {
  return useMutation({ mutationFn: resendOtp });
}
