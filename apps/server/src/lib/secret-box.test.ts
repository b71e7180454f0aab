import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.js';

describe('secret box', () => {
  const box = createSecretBox(Buffer.alloc(32, 1));

  it('round-trips and never shows the plaintext', () => {
    const sealed = box.seal('{"accessToken":"very-secret-token"}');
    expect(sealed).not.toContain('very-secret-token');
    expect(box.open(sealed)).toBe('{"accessToken":"very-secret-token"}');
  });

  it('uses a fresh nonce each time', () => {
    expect(box.seal('same')).not.toBe(box.seal('same'));
  });

  it('refuses a tampered value or another key', () => {
    const sealed = box.seal('secret');
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 2)).open(sealed)).toThrow();
    expect(() => box.open('garbage')).toThrow();
  });
});
