/**
 * Reading a failed `fetch`: Node wraps the socket error (`TypeError: fetch failed`, with the
 * system error, or an AggregateError of them, as its cause). Shared by every adapter, since
 * "did the request leave this machine?" decides between transient and unconfirmed.
 */

/** Failures while connecting: the request never left, so a retry cannot duplicate anything. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);
/** A TLS handshake that failed also happens before any request byte is sent. */
const TLS_CODE = /^(CERT_|ERR_TLS_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/;

/** The system error code behind a failed fetch, looking a few causes deep. */
export function fetchErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current !== null && typeof current === 'object'; depth++) {
    const { code, errors, cause } = current as {
      code?: unknown;
      errors?: unknown[];
      cause?: unknown;
    };
    if (typeof code === 'string') return code;
    const first = errors?.[0] as { code?: unknown } | undefined;
    if (typeof first?.code === 'string') return first.code;
    current = cause;
  }
  return undefined;
}

/** True when the failure happened before the request was sent. */
export function isNotSentFailure(code: string | undefined): code is string {
  return code !== undefined && (NOT_SENT_CODES.has(code) || TLS_CODE.test(code));
}

/**
 * What a person reads when a network's host cannot be reached at all (DNS, refused, no
 * route): plain words and what to check; the system code stays in the error's details.
 */
export function unreachableMessage(networkName: string): string {
  return `Could not reach ${networkName}. Check the server's internet connection.`;
}
