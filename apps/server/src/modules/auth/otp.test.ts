import { describe, expect, it } from 'vitest';
import {
  type ClientOtp,
  generateOtpCode,
  hashClient,
  hashOtpCode,
  judgeOtp,
  otpTimes,
  secondsUntilResend,
} from './otp.js';

const key = Buffer.alloc(32, 7);
const sentAt = new Date('2026-11-21T10:00:00Z');
const at = (seconds: number) => new Date(sentAt.getTime() + seconds * 1000);
const owner = 'owner-client';
const stranger = 'stranger-client';

function storedOtp(code: string, overrides: Partial<ClientOtp> = {}): ClientOtp {
  return {
    id: code,
    codeHash: hashOtpCode(key, 'a@example.com', 'registration', code),
    attempts: 0,
    clientWrong: 0,
    clientKey: owner,
    consumedAt: null,
    ...otpTimes(sentAt),
    ...overrides,
  };
}
const submitted = (code: string) => hashOtpCode(key, 'a@example.com', 'registration', code);
const kind = (codes: ClientOtp[], code: string, seconds: number) =>
  judgeOtp(codes, submitted(code), at(seconds)).verdict.kind;

describe('one-time code rules', () => {
  it('generates six digits, keeping leading zeros', () => {
    for (let i = 0; i < 200; i++) expect(generateOtpCode()).toMatch(/^\d{6}$/);
  });

  it('binds the hash to the email and purpose', () => {
    const base = hashOtpCode(key, 'a@example.com', 'registration', '123456');
    expect(hashOtpCode(key, 'b@example.com', 'registration', '123456')).not.toBe(base);
    expect(hashOtpCode(key, 'a@example.com', 'reset_password', '123456')).not.toBe(base);
    expect(hashOtpCode(key, 'a@example.com', 'sign_in', '123456')).not.toBe(base);
    expect(hashOtpCode(Buffer.alloc(32, 8), 'a@example.com', 'registration', '123456')).not.toBe(
      base,
    );
  });

  it('keys the client, so the table holds no address in clear', () => {
    expect(hashClient(key, '203.0.113.7')).not.toContain('203');
    expect(hashClient(key, '203.0.113.7')).toBe(hashClient(key, '203.0.113.7'));
    expect(hashClient(key, '203.0.113.8')).not.toBe(hashClient(key, '203.0.113.7'));
  });

  it('accepts the right code within 120 seconds, and says which', () => {
    const codes = [storedOtp('111111'), storedOtp('123456')];
    const { verdict, wrongOn } = judgeOtp(codes, submitted('123456'), at(119.999));
    expect(verdict).toEqual({ kind: 'accepted', code: codes[1] });
    expect(wrongOn).toEqual([]);
  });

  it('expires the code at 120 seconds, even when it is right', () => {
    expect(kind([storedOtp('123456')], '123456', 120)).toBe('expired');
  });

  it('counts a wrong try against every code the client could still use', () => {
    const codes = [
      storedOtp('111111'),
      storedOtp('222222', { clientWrong: 5 }),
      storedOtp('333333', { attempts: 20 }),
      storedOtp('444444', { expiresAt: at(1) }),
    ];
    const { verdict, wrongOn } = judgeOtp(codes, submitted('000000'), at(2));
    expect(verdict).toEqual({ kind: 'wrong' });
    expect(wrongOn.map((code) => code.id)).toEqual(['111111']);
  });

  it('burns a code for the client on its fifth wrong try, and for everyone on the twentieth', () => {
    expect(kind([storedOtp('123456', { clientWrong: 3 })], '000000', 1)).toBe('wrong');
    expect(kind([storedOtp('123456', { clientWrong: 4 })], '000000', 1)).toBe('burned');
    expect(kind([storedOtp('123456', { attempts: 18 })], '000000', 1)).toBe('wrong');
    expect(kind([storedOtp('123456', { attempts: 19 })], '000000', 1)).toBe('burned');
    // Other clients' tries alone do not burn it below twenty.
    expect(kind([storedOtp('123456', { attempts: 15 })], '123456', 1)).toBe('accepted');
  });

  it('rejects even the right code once it is burned for this client', () => {
    expect(kind([storedOtp('123456', { clientWrong: 5 })], '123456', 1)).toBe('burned');
    expect(kind([storedOtp('123456', { attempts: 20 })], '123456', 1)).toBe('burned');
  });

  it('accepts a code only once', () => {
    expect(kind([storedOtp('123456', { consumedAt: at(5) })], '123456', 6)).toBe('missing');
  });

  it('treats no stored code as missing', () => {
    expect(kind([], '123456', 1)).toBe('missing');
  });

  it('locks resending for 120 seconds after a send to this client, rounding up', () => {
    expect(secondsUntilResend([], owner, at(0))).toBe(0);
    expect(secondsUntilResend([storedOtp('123456')], owner, at(0))).toBe(120);
    expect(secondsUntilResend([storedOtp('123456')], owner, at(30.5))).toBe(90);
    expect(secondsUntilResend([storedOtp('123456')], owner, at(119.2))).toBe(1);
    expect(secondsUntilResend([storedOtp('123456')], owner, at(120))).toBe(0);
  });

  it("never makes a client wait for another client's code, or for a burned or used one", () => {
    expect(secondsUntilResend([storedOtp('123456')], stranger, at(10))).toBe(0);
    expect(secondsUntilResend([storedOtp('123456', { clientWrong: 5 })], owner, at(10))).toBe(0);
    expect(secondsUntilResend([storedOtp('123456', { attempts: 20 })], owner, at(10))).toBe(0);
    expect(secondsUntilResend([storedOtp('123456', { consumedAt: at(5) })], owner, at(10))).toBe(0);
  });
});
