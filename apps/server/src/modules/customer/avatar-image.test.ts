import { PROFILE_MESSAGES } from '@cadence/shared';
import sharp from 'sharp';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../errors.js';
import { checkAvatar, reencodeAvatar } from './avatar-image.js';

const image = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#336699' } });

function failure(run: () => unknown) {
  try {
    run();
  } catch (error) {
    return `${(error as AppError).statusCode} ${(error as AppError).message}`;
  }
  return undefined;
}

/** A real PNG, then its header rewritten to declare `width` x `height`. */
async function pngDeclaring(width: number, height: number) {
  const png = await image(40, 40).png().toBuffer();
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('avatar checks', () => {
  it('accepts PNG, JPEG, WebP and GIF by their bytes', async () => {
    expect(checkAvatar(await image(32, 32).png().toBuffer()).type).toBe('png');
    expect(checkAvatar(await image(64, 40).jpeg().toBuffer()).type).toBe('jpg');
    expect(checkAvatar(await image(50, 50).webp().toBuffer()).type).toBe('webp');
    expect(checkAvatar(await image(50, 50).gif().toBuffer()).type).toBe('gif');
  });

  it('refuses other bytes whatever they are called', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"/>');
    const tiff = await image(64, 64).tiff().toBuffer();
    for (const bytes of [svg, tiff, Buffer.from('MZ not an image'), Buffer.alloc(0)]) {
      expect(failure(() => checkAvatar(bytes))).toBe(`400 ${PROFILE_MESSAGES.avatarType}`);
    }
  });

  it('refuses under 32x32 and over 2 MB', async () => {
    expect(failure(() => checkAvatar(Buffer.alloc(2 * 1024 * 1024 + 1)))).toBe(
      `413 ${PROFILE_MESSAGES.avatarSize}`,
    );
    const thin = await image(200, 31).png().toBuffer();
    expect(failure(() => checkAvatar(thin))).toBe(`400 ${PROFILE_MESSAGES.avatarTooSmall}`);
  });

  it('refuses a decompression bomb from its declared dimensions, before decoding', async () => {
    const bomb = await pngDeclaring(50_000, 50_000);
    expect(bomb.length).toBeLessThan(10_000);
    expect(failure(() => checkAvatar(bomb))).toBe(`400 ${PROFILE_MESSAGES.avatarTooLarge}`);
    expect(checkAvatar(await pngDeclaring(6000, 6000)).width).toBe(6000);
  });

  it('re-encodes to a 256x256 WebP without the original metadata', async () => {
    const jpeg = await image(300, 120)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-marker' } } })
      .toBuffer();
    const out = await reencodeAvatar(jpeg);
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);
    expect(meta.exif).toBeUndefined();
    expect(out.includes(Buffer.from('secret-marker'))).toBe(false);
  });

  it('answers a readable 400 for an image whose header is fine but whose data is not', async () => {
    const png = await image(64, 64).png().toBuffer();
    const broken = Buffer.concat([png.subarray(0, 40), Buffer.alloc(200, 0x11)]);
    await expect(reencodeAvatar(broken)).rejects.toMatchObject({
      statusCode: 400,
      message: PROFILE_MESSAGES.avatarUnreadable,
    });
  });
});
