import { AI_MESSAGES, AI_POST_MESSAGES, normalizeWebsite } from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import { fetchPublicPage, WebFetchError } from '../../integrations/web-fetch.js';
import { extractPageText, type PageText } from '../../lib/html-text.js';

/** Page types worth summarising; anything else (PDF, images) is refused with a reason. */
const READABLE_TYPES = /^(text\/html|application\/xhtml\+xml|text\/plain)\b/i;

/**
 * Reads an article for the AI through the guarded fetcher; every refusal says what was
 * wrong with the page, in words a person can act on.
 */
export async function readArticle(
  rawUrl: string,
  allowHosts: string[],
  logger: FastifyBaseLogger,
): Promise<{ url: string; page: PageText }> {
  const url = normalizeWebsite(rawUrl);
  if (!url) throw AppError.badRequest(AI_POST_MESSAGES.invalidUrl, 'INVALID_URL');
  const unreadable = (reason: string) =>
    AppError.unprocessable(AI_POST_MESSAGES.pageUnreadable(reason), 'PAGE_UNREADABLE');
  let fetched;
  try {
    fetched = await fetchPublicPage(url, { allowHosts });
  } catch (error) {
    if (!(error instanceof WebFetchError)) throw error;
    logger.info({ reason: error.reason, detail: error.message }, 'article fetch failed');
    const host = new URL(url).host;
    switch (error.reason) {
      case 'blocked':
        throw AppError.badRequest(AI_MESSAGES.websiteBlocked, 'FETCH_BLOCKED');
      case 'bad-url':
        throw AppError.badRequest(AI_POST_MESSAGES.invalidUrl, 'INVALID_URL');
      case 'unreachable':
        throw unreadable(
          error.message.endsWith('timed out')
            ? `${host} did not answer in time`
            : `${host} could not be reached`,
        );
      default:
        throw unreadable(error.message);
    }
  }
  if (fetched.contentType && !READABLE_TYPES.test(fetched.contentType)) {
    const type = fetched.contentType.split(';')[0]?.trim();
    throw unreadable(`it is not a web page (${type})`);
  }
  const page = extractPageText(fetched.body);
  if (!page.text && !page.title && !page.description) {
    throw unreadable('the page has no readable text');
  }
  return { url: fetched.url, page };
}
