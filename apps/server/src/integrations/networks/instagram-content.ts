import { NETWORK_TEXT_LIMITS, composePostText } from '@cadence/shared';
import { NetworkError, type PublishInput, type PublishMedia } from './types.js';

/** Caption and tag caps (external-apis.md section 12; third-party figures, Meta enforces them). */
export const INSTAGRAM_LIMITS = {
  caption: NETWORK_TEXT_LIMITS.instagram,
  hashtags: 30,
  mentions: 20,
} as const;

/** Meta documents MP4 and MOV for reels; anything else fails after upload, so refuse it early. */
const VIDEO_TYPES = new Set(['video/mp4', 'video/quicktime']);

export interface InstagramContent {
  caption: string;
  media: PublishMedia;
  isVideo: boolean;
}

function invalid(message: string) {
  return new NetworkError('instagram', 'invalid', message);
}

/** Checks a post against Instagram's rules before any call, with a reason a user can act on. */
export function checkInstagramContent(post: PublishInput): InstagramContent {
  const media = post.media;
  if (!media) throw invalid('Instagram needs an image or video');
  const isVideo = media.mimeType.startsWith('video/');
  if (isVideo && !VIDEO_TYPES.has(media.mimeType)) {
    throw invalid('Instagram accepts MP4 or MOV videos only');
  }
  if (!isVideo && !media.mimeType.startsWith('image/')) {
    throw invalid('Instagram needs an image or video');
  }
  // Instagram shows no link previews, so a link is only useful as part of the caption.
  const { text: caption, measured } = composePostText('instagram', { ...post, hasMedia: true });
  if (measured.isOver) {
    throw invalid(
      `Instagram captions can be at most ${measured.limit} characters (this one has ${measured.length}, link included)`,
    );
  }
  const hashtags = caption.match(/#[\p{L}\p{N}_]+/gu)?.length ?? 0;
  if (hashtags > INSTAGRAM_LIMITS.hashtags) {
    throw invalid(
      `Instagram allows at most ${INSTAGRAM_LIMITS.hashtags} hashtags (this post has ${hashtags})`,
    );
  }
  const mentions = caption.match(/(?:^|[^\w@])@[\w.]+/gu)?.length ?? 0;
  if (mentions > INSTAGRAM_LIMITS.mentions) {
    throw invalid(
      `Instagram allows at most ${INSTAGRAM_LIMITS.mentions} @-mentions (this post has ${mentions})`,
    );
  }
  return { caption, media, isVideo };
}
