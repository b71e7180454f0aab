/**
 * Query parameters whose values must never reach a log: OAuth codes, states and verifiers,
 * tokens, one-time codes and passwords. Compared without case.
 */
const SECRET_PARAMETERS = new Set([
  'code',
  'state',
  'code_verifier',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'oauth_token',
  'oauth_verifier',
  'otp_code',
  'otp',
  'password',
  'client_secret',
  'api_key',
  'key',
  'secret',
  'signature',
  'sig',
]);

export const REDACTED = '[redacted]';

function parameterName(raw: string) {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The request URL with the values of secret-bearing query parameters replaced. */
export function redactUrl(url: string): string {
  const question = url.indexOf('?');
  if (question < 0) return url;
  const query = url
    .slice(question + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_PARAMETERS.has(parameterName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, question + 1)}${query}`;
}
