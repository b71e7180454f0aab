import { composePostText } from '@cadence/shared';
import { NetworkError, type PublishInput } from './types.js';

export const THREADS_MAX_LINKS = 5;

// Threads fetches media itself; these are the types its docs accept (API reference 12).
const MEDIA_TYPES: Record<string, { mediaType: 'IMAGE' | 'VIDEO'; urlParam: string }> = {
  'image/jpeg': { mediaType: 'IMAGE', urlParam: 'image_url' },
  'image/png': { mediaType: 'IMAGE', urlParam: 'image_url' },
  'video/mp4': { mediaType: 'VIDEO', urlParam: 'video_url' },
  'video/quicktime': { mediaType: 'VIDEO', urlParam: 'video_url' },
};

const LINK = /https?:\/\/[^\s<>"]+/giu;

function invalid(message: string) {
  return new NetworkError('threads', 'invalid', message);
}

/**
 * The container parameters for a post. A text post carries the link as `link_attachment`
 * (a preview card; Meta documents it for text posts only), so with media the link is
 * appended to the text instead, unless the author already wrote it in.
 */
export function buildThreadsContainer(post: PublishInput): Record<string, string> {
  const { text, measured } = composePostText('threads', { ...post, hasMedia: Boolean(post.media) });
  const link = post.link?.trim();
  const params: Record<string, string> = {};
  if (post.media) {
    const kind = MEDIA_TYPES[post.media.mimeType.toLowerCase()];
    if (!kind) throw invalid(`Threads does not accept ${post.media.mimeType} files`);
    params.media_type = kind.mediaType;
    params[kind.urlParam] = post.media.url;
  } else {
    params.media_type = 'TEXT';
    if (link) params.link_attachment = link;
  }
  if (!text && !post.media) throw invalid('A Threads post needs text or media');

  if (measured.isOver) {
    throw invalid(
      `The post is too long for Threads: ${measured.length} of ${measured.limit} characters (an emoji counts as several)`,
    );
  }
  const links = new Set(text.match(LINK) ?? []);
  if (link) links.add(link);
  if (links.size > THREADS_MAX_LINKS) {
    throw invalid(`Threads allows at most ${THREADS_MAX_LINKS} links in a post`);
  }
  if (text) params.text = text;
  // A thread's later part answers the part before it.
  if (post.replyTo) params.reply_to_id = post.replyTo.parent.externalId;
  return params;
}
