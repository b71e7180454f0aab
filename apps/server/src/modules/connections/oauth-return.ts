/**
 * Where a one-click flow comes back to: the address the customer's browser started it on,
 * so the binding cookie and the app's session (both kept per origin) are there when it
 * returns. Only two kinds of address qualify: PUBLIC_URL's own origin and, when the server
 * says it is the demo (`loopbackPort`: SIMULATED_NETWORKS), a loopback address on the port it
 * listens on. Anything else (a foreign Origin or Host header) falls back to PUBLIC_URL: the
 * flow must never send a browser, or a code, to an address an attacker named.
 */

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

export interface ReturnOrigins {
  /** PUBLIC_URL, without a trailing slash (it may carry a path). */
  publicUrl: string;
  /** The demo's port: loopback addresses on it are accepted. Unset: PUBLIC_URL only. */
  loopbackPort?: number;
}

/**
 * The base URL the flow's callback lives under: PUBLIC_URL when `requestOrigin` is its
 * origin or is not acceptable, else the loopback origin the browser used.
 */
export function returnBase(requestOrigin: string | undefined, options: ReturnOrigins): string {
  const publicUrl = options.publicUrl;
  if (!requestOrigin || !URL.canParse(requestOrigin)) return publicUrl;
  const asked = new URL(requestOrigin);
  const origin = asked.origin;
  if (origin === new URL(publicUrl).origin) return publicUrl;
  if (
    options.loopbackPort !== undefined &&
    asked.protocol === 'http:' &&
    LOOPBACK_HOSTS.has(asked.hostname) &&
    asked.port === String(options.loopbackPort) &&
    asked.username === '' &&
    asked.password === ''
  ) {
    return origin;
  }
  return publicUrl;
}

/** Whether a stored base is still one this server accepts (a state from before a restart). */
export function isAcceptedBase(base: string, options: ReturnOrigins): boolean {
  return base === options.publicUrl || returnBase(base, options) === base;
}
