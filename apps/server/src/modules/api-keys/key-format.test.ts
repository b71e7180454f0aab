import { describe, expect, it } from 'vitest';
import { generateApiKey, hashSecret, parseApiKey, secretMatches } from './key-format.js';

describe('API key format', () => {
  it('reads cad_<prefix>_<secret> and keeps only the hash of the secret', () => {
    const { key, prefix, secretHash } = generateApiKey();
    expect(key).toMatch(/^cad_[A-Za-z0-9_-]{8}_[A-Za-z0-9_-]{43}$/);
    const parsed = parseApiKey(key);
    expect(parsed?.prefix).toBe(prefix);
    expect(secretHash).toBe(hashSecret(parsed?.secret ?? ''));
    expect(secretHash).not.toContain(parsed?.secret);
    expect(secretMatches(parsed?.secret ?? '', secretHash)).toBe(true);
    expect(secretMatches(`${parsed?.secret}x`, secretHash)).toBe(false);
  });

  it('refuses what is not a key', () => {
    for (const text of ['', 'cad_', 'cad_short_secret', 'abc_12345678_' + 'a'.repeat(43)]) {
      expect(parseApiKey(text)).toBeUndefined();
    }
  });
});
