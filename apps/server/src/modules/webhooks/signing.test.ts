import { describe, expect, it } from 'vitest';
import { generateWebhookSecret, signatureHeader } from './signing.js';

describe('webhook signing', () => {
  it('makes whsec_ secrets of 32 bytes in standard base64', () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(generateWebhookSecret()).not.toBe(secret);
  });

  it("matches the Standard Webhooks specification's published example", () => {
    // The example of the specification (standard-webhooks.com): secret, id, timestamp, body.
    const header = signatureHeader(
      ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      1614265330,
      '{"test": 2432232314}',
    );
    expect(header).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it('signs with every secret given, separated by spaces', () => {
    const [a, b] = [generateWebhookSecret(), generateWebhookSecret()];
    const both = signatureHeader([a, b], 'id', 1, '{}').split(' ');
    expect(both).toEqual([
      signatureHeader([a], 'id', 1, '{}'),
      signatureHeader([b], 'id', 1, '{}'),
    ]);
  });
});
