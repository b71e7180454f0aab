import { API_PATHS, ShortenResultSchema } from '@cadence/shared';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client';
import { isAlreadyAnnounced } from '../../../lib/api-error';

/** `fallback`: the server could not shorten and answered the original URL. */
const ShortenAnswerSchema = z.extend(ShortenResultSchema, { fallback: z.optional(z.boolean()) });

/**
 * The short URL, or null when shortening failed (the caller keeps the original). A failure
 * that ended the session is thrown on: there is nothing left to save.
 */
export async function shortenUrl(url: string): Promise<string | null> {
  try {
    const { data } = await apiRequest(API_PATHS.shorten, {
      method: 'POST',
      body: { url },
      schema: ShortenAnswerSchema,
    });
    return data.fallback === true || data.shortened_url === '' ? null : data.shortened_url;
  } catch (error) {
    if (isAlreadyAnnounced(error)) throw error;
    return null;
  }
}
