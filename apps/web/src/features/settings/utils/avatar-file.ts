import { AVATAR_FILE_TYPES, AVATAR_MAX_BYTES, PROFILE_MESSAGES } from '@cadence/shared';

const AVATAR_TYPES = new Set<string>(AVATAR_FILE_TYPES.map((type) => type.mime));
/** For the file picker: the types the server takes. */
export const AVATAR_ACCEPT = [...AVATAR_TYPES].join(',');

/**
 * A first look in the browser, so a wrong file is named before the upload. The server judges
 * the bytes again (type, size, pixels): this is only a courtesy.
 */
export function checkAvatarFile(file: { type: string; size: number }): string | null {
  if (!AVATAR_TYPES.has(file.type)) return PROFILE_MESSAGES.avatarType;
  if (file.size > AVATAR_MAX_BYTES) return PROFILE_MESSAGES.avatarSize;
  return null;
}
