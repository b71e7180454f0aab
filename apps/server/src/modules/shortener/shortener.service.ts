import { isHttpUrl, SHORT_LINK_PREFIX, type ShortenResult } from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { LinkShortener } from '../../integrations/tinyurl.js';
import type { Clock } from '../../lib/clock.js';
import { findLinkForUrl, insertLink, recordClick } from './short-links.repository.js';
import { countExternalCall } from '../../lib/external-calls.js';
import { generateShortCode, normalizeLinkUrl, SHORT_CODE_PATTERN } from './short-url.js';

export interface ShortenerServiceDeps {
  db: Db;
  /** Where short links point: `${publicUrl}/s/${code}`. */
  publicUrl: string;
  /** TinyURL when configured; otherwise links are kept in the short_links table. */
  external: LinkShortener | undefined;
  clock: Clock;
  logger: FastifyBaseLogger;
}

/** Collisions among 62^10 codes are freak events; a few fresh draws always suffice. */
const MAX_CODE_ATTEMPTS = 5;

export function createShortenerService(deps: ShortenerServiceDeps) {
  async function shortenBuiltIn(userId: string, url: string): Promise<string> {
    const existing = await findLinkForUrl(deps.db, userId, url);
    let code = existing?.code;
    for (let attempt = 0; !code && attempt < MAX_CODE_ATTEMPTS; attempt++) {
      code = (await insertLink(deps.db, { userId, url, code: generateShortCode() }))?.code;
    }
    if (!code) throw new Error('could not draw a free short link code');
    return `${deps.publicUrl}${SHORT_LINK_PREFIX}${code}`;
  }

  return {
    async shorten(userId: string, rawUrl: string): Promise<ShortenResult> {
      const url = normalizeLinkUrl(rawUrl);
      if (!deps.external) {
        return {
          url,
          shortened_url: await shortenBuiltIn(userId, url),
          provider: 'built-in',
          fallback: false,
        };
      }
      const provider = deps.external.provider;
      void countExternalCall(deps.db, provider, deps.clock());
      try {
        return { url, shortened_url: await deps.external.shorten(url), provider, fallback: false };
      } catch (error) {
        // The spec's flow goes on with the original URL; the failure is only logged.
        deps.logger.warn(
          { provider, reason: (error as Error).message },
          'URL shortening failed; answering the original URL',
        );
        return { url, shortened_url: url, provider, fallback: true };
      }
    },

    /** The target of a built-in short link, counting the click; undefined when unknown. */
    async followLink(code: string): Promise<string | undefined> {
      if (!SHORT_CODE_PATTERN.test(code)) return undefined;
      const url = await recordClick(deps.db, code, deps.clock());
      return url && isHttpUrl(url) ? url : undefined;
    },
  };
}

export type ShortenerService = ReturnType<typeof createShortenerService>;
