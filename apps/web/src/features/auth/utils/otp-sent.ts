import type { OtpPurpose, OtpSent } from '@cadence/shared';
import { OTP_TTL_SECONDS } from '@cadence/shared';

/** The `data` of a "code sent" answer, as far as the server filled it in. */
export type OtpSentAnswer = Partial<Record<keyof OtpSent, unknown>> | null | undefined;

function readSeconds(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0
    ? value
    : OTP_TTL_SECONDS;
}

/**
 * What the OTP dialog needs after a code was sent. The request already says who and why, so
 * a sparse answer still opens the dialog, with the spec's 120-second countdown by default.
 */
export function toOtpSent(
  request: { email: string; purpose: OtpPurpose },
  answer: OtpSentAnswer,
): OtpSent {
  const email =
    typeof answer?.email === 'string' && answer.email !== '' ? answer.email : request.email;
  return {
    email,
    purpose: request.purpose,
    expires_in: readSeconds(answer?.expires_in),
    resend_in: readSeconds(answer?.resend_in),
  };
}
