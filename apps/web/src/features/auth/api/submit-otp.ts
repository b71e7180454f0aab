import type { SubmitOtp } from '@cadence/shared';
import { API_PATHS } from '@cadence/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Verifies a code: confirms a registration, or sets `new_password` for a reset. */
export async function submitOtp(input: SubmitOtp) {
  const { message } = await apiRequest(API_PATHS.submitOtp, {
    method: 'POST',
    body: input,
    auth: false,
  });
  return message;
}

export function useSubmitOtp() {
  return useMutation({ mutationFn: submitOtp });
}
