import { PROFILE_MESSAGES } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { AVATAR_ACCEPT, checkAvatarFile } from './avatar-file';

describe('checkAvatarFile', () => {
  it('accepts PNG, JPEG, WebP and GIF up to 2 MB', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', 'image/gif']) {
      expect(checkAvatarFile({ type, size: 2 * 1024 * 1024 })).toBeNull();
    }
  });

  it('names a wrong type or a file over 2 MB', () => {
    expect(checkAvatarFile({ type: 'image/svg+xml', size: 10 })).toBe(PROFILE_MESSAGES.avatarType);
    expect(checkAvatarFile({ type: 'application/pdf', size: 10 })).toBe(
      PROFILE_MESSAGES.avatarType,
    );
    expect(checkAvatarFile({ type: 'image/png', size: 2 * 1024 * 1024 + 1 })).toBe(
      PROFILE_MESSAGES.avatarSize,
    );
  });
});

describe('AVATAR_ACCEPT', () => {
  it("offers the picker the shared list's types", () => {
    expect(AVATAR_ACCEPT).toBe('image/png,image/jpeg,image/webp,image/gif');
  });
});
