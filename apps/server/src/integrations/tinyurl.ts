import { isHttpUrl } from '@cadence/shared';
import { z } from 'zod';
import { fetchErrorCode } from './networks/fetch-failure.js';

export interface TinyUrlConfig {
  apiToken: string | undefined;
  baseUrl: string;
  timeoutMs?: number;
}

/** An outside link shortener behind one verb. */
export interface LinkShortener {
  readonly provider: 'tinyurl';
  /** The short link for `url`; throws a ShortenerError (never with the token in it). */
  shorten(url: string): Promise<string>;
}

export class ShortenerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShortenerError';
  }
}

/** The part of TinyURL's answer we use (external-apis.md section 10). */
const CreateAnswerSchema = z.object({ data: z.object({ tiny_url: z.string().refine(isHttpUrl) }) });
const ErrorAnswerSchema = z.object({ errors: z.array(z.string()) });

/** Undefined without a token: the built-in shortener is used instead. */
export function createTinyUrlClient(config: TinyUrlConfig): LinkShortener | undefined {
  const { apiToken } = config;
  if (!apiToken) return undefined;
  const timeoutMs = config.timeoutMs ?? 5_000;
  return {
    provider: 'tinyurl',
    async shorten(url) {
      let response: Response;
      try {
        response = await fetch(`${config.baseUrl}/create`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${apiToken}`,
            'content-type': 'application/json',
            accept: 'application/json',
          },
          body: JSON.stringify({ url, domain: 'tinyurl.com' }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const isTimeout = (error as Error).name === 'TimeoutError';
        throw new ShortenerError(
          isTimeout
            ? `no answer within ${timeoutMs} ms`
            : `request failed (${fetchErrorCode(error) ?? 'network error'})`,
        );
      }
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        throw new ShortenerError(`answer ${response.status} is not JSON`);
      }
      if (!response.ok) {
        const errors = ErrorAnswerSchema.safeParse(body);
        const detail = errors.success ? `: ${errors.data.errors.join('; ')}` : '';
        throw new ShortenerError(`answered ${response.status}${detail}`);
      }
      const answer = CreateAnswerSchema.safeParse(body);
      if (!answer.success) throw new ShortenerError('answer has no usable tiny_url');
      return answer.data.data.tiny_url;
    },
  };
}
