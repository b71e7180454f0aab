import { describe, expect, it } from 'vitest';
import { checkMediaFile } from './media-file';

describe('checkMediaFile', () => {
  it('accepts the listed image and video types up to 50MB', () => {
    expect(checkMediaFile({ type: 'image/png', size: 1000 })).toBeNull();
    expect(checkMediaFile({ type: 'video/quicktime', size: 50 * 1024 * 1024 })).toBeNull();
  });

  it('refuses other types and larger files with the spec’s messages', () => {
    expect(checkMediaFile({ type: 'image/svg+xml', size: 10 })).toBe(
      'Invalid file type. Please upload an image or video',
    );
    expect(checkMediaFile({ type: '', size: 10 })).toBe(
      'Invalid file type. Please upload an image or video',
    );
    expect(checkMediaFile({ type: 'video/mp4', size: 50 * 1024 * 1024 + 1 })).toBe(
      'File size too large (max 50MB)',
    );
  });
});
