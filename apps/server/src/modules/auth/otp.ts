import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_ATTEMPTS_PER_CODE,
  OTP_RESEND_LOCK_SECONDS,
  OTP_TTL_SECONDS,
  type OtpPurpose,
} from '@cadence/shared';

/** What a code is for: the two the API names, and the sign-in step (docs/decisions/104). */
export type CodePurpose = OtpPurpose | 'sign_in';

export interface StoredOtp {
  codeHash: string;
  /** Wrong tries from every client. */
  attempts: number;
  sentAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
}

/** A stored code as one client sees it: with that client's own wrong tries at it. */
export interface ClientOtp extends StoredOtp {
  id: string;
  clientKey: string | null;
  clientWrong: number;
}

export type OtpVerdict<Code extends ClientOtp = ClientOtp> =
  | { kind: 'accepted'; code: Code }
  | { kind: 'missing' }
  | { kind: 'expired' }
  | { kind: 'burned' }
  | { kind: 'wrong' };

export function generateOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0');
}

/**
 * Codes are stored as a keyed hash bound to the email and purpose: a database dump alone
 * does not reveal them, and a code for one purpose cannot be replayed for another.
 */
export function hashOtpCode(
  key: Buffer,
  email: string,
  purpose: CodePurpose,
  code: string,
): string {
  return createHmac('sha256', key).update(`${purpose}\n${email}\n${code}`).digest('hex');
}

/** The client as stored next to a code: keyed, so the table holds no address in clear. */
export function hashClient(key: Buffer, client: string): string {
  return createHmac('sha256', key).update(`client\n${client}`).digest('base64url');
}

export function otpTimes(now: Date) {
  return { sentAt: now, expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000) };
}

/** Five wrong tries from this client, or twenty from everyone: the code is dead for it. */
export function isBurnedFor(code: Pick<ClientOtp, 'attempts' | 'clientWrong'>) {
  return code.clientWrong >= OTP_MAX_ATTEMPTS || code.attempts >= OTP_MAX_ATTEMPTS_PER_CODE;
}

function isUsable(code: ClientOtp, now: Date) {
  return !code.consumedAt && !isBurnedFor(code) && now.getTime() < code.expiresAt.getTime();
}

/**
 * Seconds until this client may be sent a new code for the address and purpose; 0 when it
 * may now. `codes` are the address's codes as this client sees them. The lock is the
 * client's own: another client's code never makes it wait, and a code that is burned for
 * it (or used) does not hold it, so the owner can ask again at once after a burn.
 */
export function secondsUntilResend(codes: ClientOtp[], clientKey: string, now: Date): number {
  let seconds = 0;
  for (const code of codes) {
    if (code.clientKey !== clientKey || code.consumedAt || isBurnedFor(code)) continue;
    const unlockAt = code.sentAt.getTime() + OTP_RESEND_LOCK_SECONDS * 1000;
    seconds = Math.max(seconds, Math.ceil((unlockAt - now.getTime()) / 1000));
  }
  return seconds;
}

/**
 * Judges a submitted code against every live code of the address and purpose (one per
 * client that asked). `wrongOn`: the codes a wrong try counts against, for this client and
 * in all: every code it could still have used, since the try was a guess at each of them.
 */
export function judgeOtp<Code extends ClientOtp>(
  codes: Code[],
  submittedHash: string,
  now: Date,
): { verdict: OtpVerdict<Code>; wrongOn: Code[] } {
  const usable = codes.filter((code) => isUsable(code, now));
  const match = usable.find((code) => safeEqualHex(code.codeHash, submittedHash));
  if (match) return { verdict: { kind: 'accepted', code: match }, wrongOn: [] };
  if (usable.length > 0) {
    const stillUsable = usable.some(
      (code) =>
        code.clientWrong + 1 < OTP_MAX_ATTEMPTS && code.attempts + 1 < OTP_MAX_ATTEMPTS_PER_CODE,
    );
    return { verdict: { kind: stillUsable ? 'wrong' : 'burned' }, wrongOn: usable };
  }
  const live = codes.filter((code) => !code.consumedAt);
  const burned = live.some((code) => isBurnedFor(code) && now.getTime() < code.expiresAt.getTime());
  if (burned) return { verdict: { kind: 'burned' }, wrongOn: [] };
  if (live.length > 0) return { verdict: { kind: 'expired' }, wrongOn: [] };
  return { verdict: { kind: 'missing' }, wrongOn: [] };
}

function safeEqualHex(a: string, b: string) {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}
