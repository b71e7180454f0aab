import { describe, expect, it } from 'vitest';
import {
  generateOtpCode,
  hashOtpCode,
  judgeOtp,
  otpTimes,
  secondsUntilResend,
  type StoredOtp,
} from './otp.js';

const key = Buffer.alloc(32, 7);
const sentAt = new Date('2026-11-21T10:00:00Z');
const at = (seconds: number) => new Date(sentAt.getTime() + seconds * 1000);

function storedOtp(code: string, overrides: Partial<StoredOtp> = {}): StoredOtp {
  return {
    codeHash: hashOtpCode(key, 'a@example.com', 'registration', code),
    attempts: 0,
    consumedAt: null,
    ...otpTimes(sentAt),
    ...overrides,
  };
}
const submitted = (code: string) => hashOtpCode(key, 'a@example.com', 'registration', code);

describe('one-time code rules', () => {
  it('generates six digits, keeping leading zeros', () => {
    for (let i = 0; i < 200; i++) expect(generateOtpCode()).toMatch(/^\d{6}$/);
  });

  it('binds the hash to the email and purpose', () => {
    const base = hashOtpCode(key, 'a@example.com', 'registration', '123456');
    expect(hashOtpCode(key, 'b@example.com', 'registration', '123456')).not.toBe(base);
    expect(hashOtpCode(key, 'a@example.com', 'reset_password', '123456')).not.toBe(base);
    expect(hashOtpCode(Buffer.alloc(32, 8), 'a@example.com', 'registration', '123456')).not.toBe(
      base,
    );
  });

  it('accepts the right code within 120 seconds', () => {
    expect(judgeOtp(storedOtp('123456'), submitted('123456'), at(119.999))).toEqual({
      kind: 'accepted',
    });
  });

  it('expires the code at 120 seconds, even when it is right', () => {
    expect(judgeOtp(storedOtp('123456'), submitted('123456'), at(120))).toEqual({
      kind: 'expired',
    });
  });

  it('counts wrong tries down and burns the code on the fifth', () => {
    expect(judgeOtp(storedOtp('123456'), submitted('000000'), at(1))).toEqual({
      kind: 'wrong',
      attemptsLeft: 4,
    });
    expect(judgeOtp(storedOtp('123456', { attempts: 3 }), submitted('000000'), at(1))).toEqual({
      kind: 'wrong',
      attemptsLeft: 1,
    });
    expect(judgeOtp(storedOtp('123456', { attempts: 4 }), submitted('000000'), at(1))).toEqual({
      kind: 'burned',
    });
  });

  it('rejects even the right code once five tries are used up', () => {
    expect(judgeOtp(storedOtp('123456', { attempts: 5 }), submitted('123456'), at(1))).toEqual({
      kind: 'burned',
    });
  });

  it('accepts a code only once', () => {
    expect(
      judgeOtp(storedOtp('123456', { consumedAt: at(5) }), submitted('123456'), at(6)),
    ).toEqual({
      kind: 'missing',
    });
  });

  it('treats no stored code as missing', () => {
    expect(judgeOtp(undefined, submitted('123456'), at(1))).toEqual({ kind: 'missing' });
  });

  it('locks resending for 120 seconds after a send, rounding up', () => {
    expect(secondsUntilResend(undefined, at(0))).toBe(0);
    expect(secondsUntilResend({ sentAt }, at(0))).toBe(120);
    expect(secondsUntilResend({ sentAt }, at(30.5))).toBe(90);
    expect(secondsUntilResend({ sentAt }, at(119.2))).toBe(1);
    expect(secondsUntilResend({ sentAt }, at(120))).toBe(0);
  });
});
