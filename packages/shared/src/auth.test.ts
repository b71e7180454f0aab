import { describe, expect, it } from 'vitest';
import {
  PASSWORD_HINT,
  PASSWORD_MIN_LENGTH,
  PASSWORD_RULE,
  SignInSchema,
  SignUpSchema,
  SubmitOtpSchema,
} from './auth.js';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues[0]?.message;

describe('account schemas', () => {
  it('normalises the email: trimmed and lower-cased', () => {
    const parsed = SignUpSchema.parse({
      name: ' Ada ',
      email: '  Ada@Example.COM ',
      password: 'longenough',
    });
    expect(parsed).toEqual({ name: 'Ada', email: 'ada@example.com', password: 'longenough' });
  });

  it('states the password rule when the password is short', () => {
    expect(
      firstMessage(SignUpSchema.safeParse({ name: 'A', email: 'a@b.co', password: '1234567' })),
    ).toBe(PASSWORD_RULE);
    expect(PASSWORD_RULE).toBe('Password must be at least 8 characters');
  });

  it("hints the same length as the rule checks (Settings > Security's new password)", () => {
    expect(PASSWORD_HINT).toBe('At least 8 characters.');
    expect(PASSWORD_MIN_LENGTH).toBe(8);
  });

  it('keeps spaces inside passwords as typed', () => {
    expect(
      SignUpSchema.parse({ name: 'A', email: 'a@b.co', password: '  spaced  ' }).password,
    ).toBe('  spaced  ');
  });

  it('does not apply the length rule to signing in with an existing password', () => {
    expect(SignInSchema.safeParse({ email: 'a@b.co', password: 'short' }).success).toBe(true);
    expect(firstMessage(SignInSchema.safeParse({ email: 'a@b.co', password: '' }))).toBe(
      'Password is required',
    );
  });

  it('takes a six-digit sign-in code when one was mailed', () => {
    expect(
      SignInSchema.parse({ email: 'a@b.co', password: 'whatever', otp_code: '012345' }).otp_code,
    ).toBe('012345');
    expect(
      firstMessage(SignInSchema.safeParse({ email: 'a@b.co', password: 'x', otp_code: '12ab' })),
    ).toBe('The code must be 6 digits');
  });

  it("carries the sign-up form's name with a registration code", () => {
    const body = {
      purpose: 'registration',
      email: 'a@b.co',
      otp_code: '012345',
      password: 'p4ssword',
    };
    expect(SubmitOtpSchema.parse({ ...body, name: ' Ada ' }).name).toBe('Ada');
    expect(SubmitOtpSchema.parse(body).name).toBeUndefined();
    expect(firstMessage(SubmitOtpSchema.safeParse({ ...body, name: ' ' }))).toBe(
      'Name is required',
    );
  });

  it('requires a new password for resets and the chosen password for registration', () => {
    expect(
      SubmitOtpSchema.safeParse({
        purpose: 'registration',
        email: 'a@b.co',
        otp_code: '012345',
        password: 'chosen-password',
      }).success,
    ).toBe(true);
    expect(
      firstMessage(
        SubmitOtpSchema.safeParse({ purpose: 'registration', email: 'a@b.co', otp_code: '012345' }),
      ),
    ).toBe('Password is required');
    expect(
      firstMessage(
        SubmitOtpSchema.safeParse({
          purpose: 'reset_password',
          email: 'a@b.co',
          otp_code: '012345',
        }),
      ),
    ).toBe('New password is required');
  });

  it('accepts only six digits as a code', () => {
    for (const code of ['12345', '1234567', '12345a', ' 123456', '１２３４５６']) {
      expect(
        SubmitOtpSchema.safeParse({ purpose: 'registration', email: 'a@b.co', otp_code: code })
          .success,
      ).toBe(false);
    }
  });
});
