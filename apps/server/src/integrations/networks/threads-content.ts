import { NetworkError, type PublishInput } from './types.js';

export const THREADS_MAX_LENGTH = 500;
export const THREADS_MAX_LINKS = 5;

// Threads fetches media itself; these are the types its docs accept (API reference 12).
const MEDIA_TYPES: Record<string, { mediaType: 'IMAGE' | 'VIDEO'; urlParam: string }> = {
  'image/jpeg': { mediaType: 'IMAGE', urlParam: 'image_url' },
  'image/png': { mediaType: 'IMAGE', urlParam: 'image_url' },
  'video/mp4': { mediaType: 'VIDEO', urlParam: 'video_url' },
  'video/quicktime': { mediaType: 'VIDEO', urlParam: 'video_url' },
};

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20E3/u;
const LINK = /https?:\/\/[^\s<>"]+/giu;

/**
 * Threads' count: characters, except that an emoji counts as many as its UTF-8 bytes
 * (Meta's wording, quoted in sections 6.2 and 12 of the API reference).
 */
export function threadsTextLength(text: string): number {
  let length = 0;
  for (const { segment } of graphemes.segment(text)) {
    length += EMOJI.test(segment) ? Buffer.byteLength(segment, 'utf8') : [...segment].length;
  }
  return length;
}

function invalid(message: string) {
  return new NetworkError('threads', 'invalid', message);
}

/**
 * The container parameters for a post. A text post carries the link as `link_attachment`
 * (a preview card; Meta documents it for text posts only), so with media the link is
 * appended to the text instead, unless the author already wrote it in.
 */
export function buildThreadsContainer(post: PublishInput): Record<string, string> {
  let text = post.text.trim();
  const link = post.link?.trim();
  const params: Record<string, string> = {};
  if (post.media) {
    const kind = MEDIA_TYPES[post.media.mimeType.toLowerCase()];
    if (!kind) throw invalid(`Threads does not accept ${post.media.mimeType} files`);
    params.media_type = kind.mediaType;
    params[kind.urlParam] = post.media.url;
    if (link && !text.includes(link)) text = text ? `${text}\n\n${link}` : link;
  } else {
    params.media_type = 'TEXT';
    if (link) {
      params.link_attachment = link;
      // A text container needs text; a bare link is its own text.
      if (!text) text = link;
    }
  }
  if (!text && !post.media) throw invalid('A Threads post needs text or media');

  const length = threadsTextLength(text);
  if (length > THREADS_MAX_LENGTH) {
    throw invalid(
      `The post is too long for Threads: ${length} of ${THREADS_MAX_LENGTH} characters (an emoji counts as several)`,
    );
  }
  const links = new Set(text.match(LINK) ?? []);
  if (link) links.add(link);
  if (links.size > THREADS_MAX_LINKS) {
    throw invalid(`Threads allows at most ${THREADS_MAX_LINKS} links in a post`);
  }
  if (text) params.text = text;
  return params;
}
