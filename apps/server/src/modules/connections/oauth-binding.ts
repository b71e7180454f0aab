import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Binds a one-click flow to the browser that started it (decision 103): the start answers a
 * short-lived cookie holding a random value whose SHA-256 is stored with the state, and the
 * callback attaches nothing unless the browser coming back carries that value.
 *
 * The cookie is httpOnly, SameSite=Lax (sent on the network's top-level GET redirect back to
 * us), scoped to the network's callback path, and lives as long as the state. Its name holds
 * a prefix of the state's hash, so flows started side by side in one browser (two tabs, two
 * entities) each keep their own.
 */

const COOKIE_PREFIX = 'cadence_oauth_';

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** A fresh binding: the value for the browser, the hash for the state's row. */
export function newBinding() {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: sha256(value) };
}

/** The cookie's name for one state (its hash's first characters: nothing secret). */
export const bindingCookieName = (stateHash: string) => `${COOKIE_PREFIX}${stateHash.slice(0, 16)}`;

export interface BindingCookieScope {
  /** The callback's path on the public address (the only requests that carry the cookie). */
  path: string;
  /** Set when the public address is https. */
  secure: boolean;
}

/** The `Set-Cookie` value that gives the browser its binding (or, with maxAge 0, removes it). */
export function bindingCookie(
  name: string,
  value: string,
  scope: BindingCookieScope,
  maxAgeSeconds: number,
) {
  return [
    `${name}=${value}`,
    `Path=${scope.path}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(scope.secure ? ['Secure'] : []),
  ].join('; ');
}

/** One cookie's value from a `Cookie` header; undefined when it is not there. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const equals = part.indexOf('=');
    if (equals < 0) continue;
    if (part.slice(0, equals).trim() === name) return part.slice(equals + 1).trim();
  }
  return undefined;
}

/** Whether the browser's value is the one the state was bound to, compared in constant time. */
export function bindingMatches(value: string | undefined, storedHash: string) {
  if (value === undefined) return false;
  const given = Buffer.from(sha256(value));
  const stored = Buffer.from(storedHash);
  return given.length === stored.length && timingSafeEqual(given, stored);
}
