import { describe, expect, it } from 'vitest';
import {
  containerKey,
  KEPT_UPLOAD_MS,
  keptContainerId,
  keptContainerValue,
  keptUploadId,
  keptUploadValue,
} from './kept-container.js';

describe('kept uploads', () => {
  const key = containerKey('urn:li:person:42', { image: 'https://cadence.test/uploads/a.png' });
  const madeAt = Date.UTC(2026, 10, 28, 12);

  it('gives back the upload kept for the same key, colons and all, while it is fresh', () => {
    const kept = keptUploadValue(key, 'urn:li:image:C4E10', madeAt);
    expect(keptUploadId(kept, key, madeAt)).toBe('urn:li:image:C4E10');
    expect(keptUploadId(kept, key, madeAt + KEPT_UPLOAD_MS - 1)).toBe('urn:li:image:C4E10');
  });

  it('does not trust one older than KEPT_UPLOAD_MS', () => {
    const kept = keptUploadValue(key, '1880000000000000001', madeAt);
    expect(keptUploadId(kept, key, madeAt + KEPT_UPLOAD_MS)).toBeNull();
  });

  it('never gives an upload made for other content or another account', () => {
    const kept = keptUploadValue(key, 'urn:li:image:C4E10', madeAt);
    const otherFile = containerKey('urn:li:person:42', { image: 'https://cadence.test/b.png' });
    const otherMember = containerKey('urn:li:person:43', {
      image: 'https://cadence.test/uploads/a.png',
    });
    expect(keptUploadId(kept, otherFile, madeAt)).toBeNull();
    expect(keptUploadId(kept, otherMember, madeAt)).toBeNull();
  });

  it('reads nothing from a kept container, a bare value or nothing', () => {
    expect(keptUploadId(keptContainerValue(key, '17890000'), key, madeAt)).toBeNull();
    expect(keptUploadId(`${key}:`, key, madeAt)).toBeNull();
    expect(keptUploadId(`${key}:${madeAt + 1}:`, key, madeAt)).toBeNull();
    expect(keptUploadId(null, key, madeAt)).toBeNull();
    expect(keptUploadId(undefined, key, madeAt)).toBeNull();
    // And a kept upload is no container.
    expect(keptContainerId(keptUploadValue(key, 'x', madeAt), key)).not.toBe('x');
  });
});
