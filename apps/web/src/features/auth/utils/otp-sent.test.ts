import { describe, expect, it } from 'vitest';
import { toOtpSent } from './otp-sent';

const request = { email: 'ada@example.com', purpose: 'registration' } as const;

describe('toOtpSent', () => {
  it('keeps what the server answered', () => {
    expect(
      toOtpSent(request, {
        email: 'ada@example.com',
        purpose: 'registration',
        expires_in: 120,
        resend_in: 90,
      }),
    ).toEqual({
      email: 'ada@example.com',
      purpose: 'registration',
      expires_in: 120,
      resend_in: 90,
    });
  });

  it('falls back to the request and the 120-second lifetime when the answer is sparse', () => {
    expect(toOtpSent({ email: 'bo@example.com', purpose: 'reset_password' }, null)).toEqual({
      email: 'bo@example.com',
      purpose: 'reset_password',
      expires_in: 120,
      resend_in: 120,
    });
  });

  it('ignores countdowns that are not positive whole seconds', () => {
    const sent = toOtpSent(request, { resend_in: -5, expires_in: '120' });
    expect(sent.resend_in).toBe(120);
    expect(sent.expires_in).toBe(120);
  });

  it('always keeps the purpose that was asked for', () => {
    expect(toOtpSent(request, { purpose: 'reset_password' }).purpose).toBe('registration');
  });
});
