import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  OTP_MAX_ATTEMPTS,
  OTP_RESEND_LOCK_SECONDS,
  OTP_TTL_SECONDS,
  type OtpPurpose,
} from '@cadence/shared';

export interface StoredOtp {
  codeHash: string;
  attempts: number;
  sentAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
}

export type OtpVerdict =
  | { kind: 'accepted' }
  | { kind: 'missing' }
  | { kind: 'expired' }
  | { kind: 'burned' }
  | { kind: 'wrong'; attemptsLeft: number };

export function generateOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Codes are stored as a keyed hash bound to the email and purpose: a database dump alone
 * does not reveal them, and a code for one purpose cannot be replayed for another.
 */
export function hashOtpCode(key: Buffer, email: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${email}\n${code}`).digest('hex');
}

export function otpTimes(now: Date) {
  return { sentAt: now, expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000) };
}

/** Seconds until a new code may be sent for the same email and purpose; 0 when allowed now. */
export function secondsUntilResend(otp: Pick<StoredOtp, 'sentAt'> | undefined, now: Date): number {
  if (!otp) return 0;
  const unlockAt = otp.sentAt.getTime() + OTP_RESEND_LOCK_SECONDS * 1000;
  return Math.max(0, Math.ceil((unlockAt - now.getTime()) / 1000));
}

/** Judges a submitted code. A `wrong` or `burned` verdict means one more attempt is recorded. */
export function judgeOtp(otp: StoredOtp | undefined, submittedHash: string, now: Date): OtpVerdict {
  if (!otp || otp.consumedAt) {
    return otp && otp.attempts >= OTP_MAX_ATTEMPTS ? { kind: 'burned' } : { kind: 'missing' };
  }
  if (otp.attempts >= OTP_MAX_ATTEMPTS) return { kind: 'burned' };
  if (now.getTime() >= otp.expiresAt.getTime()) return { kind: 'expired' };
  if (safeEqualHex(otp.codeHash, submittedHash)) return { kind: 'accepted' };
  const attemptsLeft = OTP_MAX_ATTEMPTS - (otp.attempts + 1);
  return attemptsLeft <= 0 ? { kind: 'burned' } : { kind: 'wrong', attemptsLeft };
}

function safeEqualHex(a: string, b: string) {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
