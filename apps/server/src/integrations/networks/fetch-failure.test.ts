import { describe, expect, it } from 'vitest';
import { fetchErrorCode, isNotSentFailure } from './fetch-failure.js';

const fetchFailed = (cause: unknown) => new TypeError('fetch failed', { cause });

describe('fetch failures', () => {
  it('finds the system code behind "fetch failed", also inside an AggregateError', () => {
    expect(
      fetchErrorCode(fetchFailed(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' }))),
    ).toBe('ECONNREFUSED');
    expect(fetchErrorCode(fetchFailed({ errors: [{ code: 'EHOSTUNREACH' }] }))).toBe(
      'EHOSTUNREACH',
    );
    expect(fetchErrorCode(new Error('plain'))).toBeUndefined();
  });

  it('tells failures before sending from those after', () => {
    for (const code of [
      'ECONNREFUSED',
      'ENOTFOUND',
      'UND_ERR_CONNECT_TIMEOUT',
      'CERT_HAS_EXPIRED',
    ]) {
      expect(isNotSentFailure(code)).toBe(true);
    }
    for (const code of ['ECONNRESET', 'UND_ERR_SOCKET', undefined])
      expect(isNotSentFailure(code)).toBe(false);
  });
});
