import { createHmac, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_MARK } from '@cadence/shared';

/** A new signing secret: `whsec_` and 32 random bytes in standard base64. */
export function generateWebhookSecret(): string {
  return WEBHOOK_SECRET_MARK + randomBytes(32).toString('base64');
}

/** The key bytes of a secret: the base64 after `whsec_`. */
function secretBytes(secret: string): Buffer {
  const encoded = secret.startsWith(WEBHOOK_SECRET_MARK)
    ? secret.slice(WEBHOOK_SECRET_MARK.length)
    : secret;
  return Buffer.from(encoded, 'base64');
}

/**
 * The `webhook-signature` header of the Standard Webhooks scheme: `v1,<base64 of
 * HMAC-SHA256(key, "<id>.<timestamp>.<body>")>` for each secret, separated by spaces (two
 * while a rotation lets the previous secret sign too).
 */
export function signatureHeader(
  secrets: readonly string[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const content = `${id}.${timestampSeconds}.${body}`;
  return secrets
    .map(
      (secret) =>
        `v1,${createHmac('sha256', secretBytes(secret)).update(content).digest('base64')}`,
    )
    .join(' ');
}
