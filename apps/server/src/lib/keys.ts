import { hkdfSync } from 'node:crypto';

/**
 * One secret, several keys: each use gets its own key derived with HKDF, so a key that
 * leaks from one use (say, an OTP hash) tells nothing about another (JWT signing).
 */
export function deriveKey(
  appSecret: string,
  purpose: 'jwt' | 'otp' | 'credentials' | 'webhook-secrets' | 'network-sessions',
): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'cadence', `cadence:${purpose}`, 32));
}
