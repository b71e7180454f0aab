import { describe, expect, it } from 'vitest';
import {
  bindingCookie,
  bindingCookieName,
  bindingMatches,
  newBinding,
  readCookie,
} from './oauth-binding.js';

describe('the one-click browser binding', () => {
  it('is a random value whose hash alone is kept', () => {
    const first = newBinding();
    const second = newBinding();
    expect(first.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.value).not.toBe(second.value);
    expect(first.hash).not.toContain(first.value);
    expect(bindingMatches(first.value, first.hash)).toBe(true);
    expect(bindingMatches(second.value, first.hash)).toBe(false);
    expect(bindingMatches(undefined, first.hash)).toBe(false);
    expect(bindingMatches('', first.hash)).toBe(false);
    expect(bindingMatches(first.value, '')).toBe(false);
  });

  it('is a cookie for the callback path, httpOnly and SameSite=Lax, Secure over https', () => {
    const scope = { path: '/api/social-accounts/oauth/twitter/callback', secure: true };
    expect(bindingCookie('cadence_oauth_abc', 'v', scope, 600)).toBe(
      'cadence_oauth_abc=v; Path=/api/social-accounts/oauth/twitter/callback; Max-Age=600; HttpOnly; SameSite=Lax; Secure',
    );
    expect(bindingCookie('cadence_oauth_abc', '', { ...scope, secure: false }, 0)).toBe(
      'cadence_oauth_abc=; Path=/api/social-accounts/oauth/twitter/callback; Max-Age=0; HttpOnly; SameSite=Lax',
    );
    expect(bindingCookieName('0123456789abcdefXYZ')).toBe('cadence_oauth_0123456789abcdef');
  });

  it('reads one cookie out of a Cookie header', () => {
    const header = 'theme=dark; cadence_oauth_a=one;cadence_oauth_b=two=2 ; empty=';
    expect(readCookie(header, 'cadence_oauth_a')).toBe('one');
    expect(readCookie(header, 'cadence_oauth_b')).toBe('two=2');
    expect(readCookie(header, 'empty')).toBe('');
    expect(readCookie(header, 'cadence_oauth')).toBeUndefined();
    expect(readCookie(undefined, 'cadence_oauth_a')).toBeUndefined();
    expect(readCookie('garbage', 'garbage')).toBeUndefined();
  });
});
