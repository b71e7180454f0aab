import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_MARK } from '@cadence/shared';

const PREFIX_LENGTH = 8;
const SECRET_BYTES = 32;

/** A new key: the whole key to show once, its prefix, and the hash of its secret to keep. */
export function generateApiKey() {
  // base64url of 6 bytes is exactly 8 URL-safe characters.
  const prefix = randomBytes(6).toString('base64url').slice(0, PREFIX_LENGTH);
  const secret = randomBytes(SECRET_BYTES).toString('base64url');
  return { key: `${API_KEY_MARK}${prefix}_${secret}`, prefix, secretHash: hashSecret(secret) };
}

/** SHA-256 is enough here: the secret is 32 random bytes, so no guessing or dictionary helps. */
export function hashSecret(secret: string) {
  return createHash('sha256').update(secret).digest('hex');
}

/** `cad_<prefix>_<secret>` taken apart; undefined for anything else. */
export function parseApiKey(key: string): { prefix: string; secret: string } | undefined {
  if (!key.startsWith(API_KEY_MARK)) return undefined;
  const rest = key.slice(API_KEY_MARK.length);
  const prefix = rest.slice(0, PREFIX_LENGTH);
  const secret = rest.slice(PREFIX_LENGTH + 1);
  if (rest[PREFIX_LENGTH] !== '_' || !/^[A-Za-z0-9_-]{8}$/.test(prefix)) return undefined;
  if (!/^[A-Za-z0-9_-]{20,200}$/.test(secret)) return undefined;
  return { prefix, secret };
}

/** Compares the secret's hash with the stored one in constant time. */
export function secretMatches(secret: string, storedHash: string) {
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}
