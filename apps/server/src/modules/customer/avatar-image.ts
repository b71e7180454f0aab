import {
  AVATAR_FILE_TYPES,
  AVATAR_MAX_BYTES,
  AVATAR_MAX_PIXELS,
  AVATAR_MIN_PIXELS,
  AVATAR_SIZE,
  PROFILE_MESSAGES,
} from '@cadence/shared';
import { imageSize } from 'image-size';
import { AppError } from '../../errors.js';

/** The shared list's types, by image-size's name for them. */
const ACCEPTED_TYPES = new Set<string>(AVATAR_FILE_TYPES.map((type) => type.extensions[0]));

export interface AvatarHeader {
  type: string;
  width: number;
  height: number;
}

/**
 * Judges an avatar by its bytes and its declared dimensions, without decoding a pixel:
 * PNG, JPEG, WebP or GIF; at most 2 MB; at least 32x32; at most 40 megapixels (a small file
 * that declares a huge canvas would otherwise cost gigabytes to decode).
 */
export function checkAvatar(bytes: Buffer): AvatarHeader {
  if (bytes.length > AVATAR_MAX_BYTES)
    throw AppError.payloadTooLarge(PROFILE_MESSAGES.avatarSize, 'AVATAR_TOO_LARGE');
  let header: { type?: string; width?: number; height?: number };
  try {
    header = imageSize(bytes);
  } catch {
    header = {};
  }
  const { type, width, height } = header;
  if (!type || !ACCEPTED_TYPES.has(type) || !width || !height)
    throw AppError.badRequest(PROFILE_MESSAGES.avatarType, 'AVATAR_TYPE');
  if (width < AVATAR_MIN_PIXELS || height < AVATAR_MIN_PIXELS)
    throw AppError.badRequest(PROFILE_MESSAGES.avatarTooSmall, 'AVATAR_TOO_SMALL');
  if (width * height > AVATAR_MAX_PIXELS)
    throw AppError.badRequest(PROFILE_MESSAGES.avatarTooLarge, 'AVATAR_TOO_MANY_PIXELS');
  return { type, width, height };
}

/**
 * Decodes a checked avatar and encodes it anew as a square WebP, so what is served is always
 * our own file: no metadata, no trailing bytes, no polyglot. An animated GIF keeps its first frame.
 */
export async function reencodeAvatar(bytes: Buffer): Promise<Buffer> {
  checkAvatar(bytes);
  // Loaded on the first avatar, not at every start.
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(bytes, { limitInputPixels: AVATAR_MAX_PIXELS, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover', position: 'attention' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw AppError.badRequest(PROFILE_MESSAGES.avatarUnreadable, 'AVATAR_UNREADABLE');
  }
}
