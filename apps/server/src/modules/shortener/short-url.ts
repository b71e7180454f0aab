import { randomInt } from 'node:crypto';
import { normalizeWebsite, POST_URL_MAX, SHORTENER_MESSAGES } from '@cadence/shared';
import { AppError } from '../../errors.js';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 62^10 ≈ 8·10^17 codes: guessing a live one is hopeless. */
export const SHORT_CODE_LENGTH = 10;
/** What a code of this or an earlier length looks like; anything else is not one of ours. */
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9]{8,32}$/;

export function generateShortCode(length = SHORT_CODE_LENGTH): string {
  let code = '';
  for (let i = 0; i < length; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/**
 * The URL as it will be stored and redirected to: https:// added when no scheme is given,
 * http(s) only, no user name or password (a classic disguise), at most POST_URL_MAX long.
 */
export function normalizeLinkUrl(input: string): string {
  const withScheme = normalizeWebsite(input);
  if (!withScheme) throw AppError.badRequest(SHORTENER_MESSAGES.invalidUrl, 'INVALID_URL');
  const url = new URL(withScheme);
  if (url.username || url.password)
    throw AppError.badRequest(SHORTENER_MESSAGES.credentialsInUrl, 'INVALID_URL');
  if (url.href.length > POST_URL_MAX) throw AppError.badRequest('URL is too long', 'INVALID_URL');
  return url.href;
}
