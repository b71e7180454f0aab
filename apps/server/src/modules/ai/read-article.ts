import { AI_MESSAGES, AI_POST_MESSAGES, HTTP_MESSAGES, normalizeWebsite } from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import { fetchPublicPage, WebFetchError } from '../../integrations/web-fetch.js';
import type { PageText } from '../../lib/html-text.js';
import {
  MarkupBusyError,
  MarkupTooComplexError,
  type MarkupThread,
} from '../../lib/markup/markup-thread.js';

/**
 * A page's text, read in the markup worker (decision 102). A page too large or too deeply
 * nested to take apart within the worker's limits is refused with `tooComplex`.
 */
export async function readPageText(
  pageText: MarkupThread['pageText'],
  html: string,
  tooComplex: () => AppError,
): Promise<PageText> {
  try {
    return await pageText(html);
  } catch (error) {
    if (error instanceof MarkupTooComplexError) throw tooComplex();
    if (error instanceof MarkupBusyError)
      throw AppError.unavailable(HTTP_MESSAGES.busy, 'SERVER_BUSY');
    throw error;
  }
}

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
  pageText: MarkupThread['pageText'],
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
  const page = await readPageText(pageText, fetched.body, () =>
    unreadable(AI_POST_MESSAGES.pageTooComplex),
  );
  if (!page.text && !page.title && !page.description) {
    throw unreadable('the page has no readable text');
  }
  return { url: fetched.url, page };
}
