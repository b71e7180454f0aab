import { describe, expect, it } from 'vitest';
import { redactUrl } from './redact-url.js';

describe('redactUrl', () => {
  it('replaces the values of secret-bearing query parameters', () => {
    expect(redactUrl('/api/social-accounts/oauth/twitter/callback?code=abc&state=def')).toBe(
      '/api/social-accounts/oauth/twitter/callback?code=[redacted]&state=[redacted]',
    );
    expect(redactUrl('/x?oauth_token=t&oauth_verifier=v&keep=1&OTP_CODE=123456')).toBe(
      '/x?oauth_token=[redacted]&oauth_verifier=[redacted]&keep=1&OTP_CODE=[redacted]',
    );
    // An encoded name is still recognised; a bare name gets no value to hide.
    expect(redactUrl('/x?%61ccess_token=t&token&page=2')).toBe(
      '/x?%61ccess_token=[redacted]&token=[redacted]&page=2',
    );
    expect(redactUrl('/x?%E0%A4%A=1&error=access_denied')).toBe(
      '/x?%E0%A4%A=1&error=access_denied',
    );
  });

  it('leaves addresses without secrets as they are', () => {
    expect(redactUrl('/api/health')).toBe('/api/health');
    expect(redactUrl('/companies?socials=abc&network=twitter')).toBe(
      '/companies?socials=abc&network=twitter',
    );
    expect(redactUrl('/x?')).toBe('/x?');
  });
});
