import { describe, expect, it } from 'vitest';
import { hashPassword, isAcceptablePassword, verifyPassword } from './password.js';

describe('passwords', () => {
  it('accepts 8 to 128 characters', () => {
    expect(isAcceptablePassword('1234567')).toBe(false);
    expect(isAcceptablePassword('12345678')).toBe(true);
    expect(isAcceptablePassword('x'.repeat(128))).toBe(true);
    expect(isAcceptablePassword('x'.repeat(129))).toBe(false);
  });

  it('stores argon2id hashes that verify only the same password', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'correct horsf')).toBe(false);
  });

  it('treats a damaged hash as a failed check, not a crash', async () => {
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });
});
