import { z } from 'zod/mini';
import { normalizeWebsite } from './web-address.js';
import { issueCode } from './error-codes.js';
import { POST_URL_MAX } from './posts.js';

/** The link shortener's contract: what it takes, what it answers and its messages. */

export const SHORTENER_MESSAGES = {
  shortened: 'URL shortened successfully',
  invalidUrl: 'Enter a valid http:// or https:// address, like example.com/article',
  credentialsInUrl: 'Links that contain a user name or password cannot be shortened',
  linkNotFound: 'This short link does not exist.',
} as const;

export const ShortenRequestSchema = z.object({
  url: z
    .string({ error: 'Please enter a URL' })
    .check(z.trim())
    .check(z.minLength(1, 'Please enter a URL'))
    .check(z.maxLength(POST_URL_MAX, 'URL is too long'))
    .check(
      z.refine((url) => url === '' || normalizeWebsite(url) !== undefined, {
        message: SHORTENER_MESSAGES.invalidUrl,
        ...issueCode('INVALID_URL'),
      }),
    ),
});
export const ShortenResultSchema = z.object({
  url: z.string(),
  shortened_url: z.string(),
  provider: z.enum(['built-in', 'tinyurl']),
  /** True when the shortener failed and `shortened_url` is the original URL. */
  fallback: z.boolean(),
});
export type ShortenResult = z.infer<typeof ShortenResultSchema>;
