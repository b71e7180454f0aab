import { API_PATHS, ShortenResultSchema } from '@cadence/shared';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** `fallback`: the server could not shorten and answered the original URL. */
const ShortenAnswerSchema = ShortenResultSchema.extend({ fallback: z.boolean().optional() });

/** The short URL, or null when shortening failed in any way (the caller keeps the original). */
export async function shortenUrl(url: string): Promise<string | null> {
  try {
    const { data } = await apiRequest(API_PATHS.shorten, {
      method: 'POST',
      body: { url },
      schema: ShortenAnswerSchema,
    });
    return data.fallback === true || data.shortened_url === '' ? null : data.shortened_url;
  } catch {
    return null;
  }
}
