import { describe, expect, it } from 'vitest';
import { makePng } from '../../../test/helpers/images.js';
import { detectMediaType, displayName } from './media.js';
import { requireFieldsAfterEdit } from './post-fields.js';
import { utcMonth } from './posts.service.js';

describe('the media file name shown', () => {
  it.each([
    ['photo.png', 'photo.png'],
    ['../../etc/passwd.png', 'passwd.png'],
    ['C:\\Users\\me\\clip.mov', 'clip.mov'],
    ['bad\u0000name\u001f.gif', 'badname.gif'],
    ['', 'media.png'],
    [undefined, 'media.png'],
    ['folder/', 'media.png'],
    ['..', 'media.png'],
  ])('%j is shown as %j', (name, shown) => {
    expect(displayName(name, 'image/png')).toBe(shown);
  });

  it('is cut to 200 characters', () => {
    expect(displayName(`${'é'.repeat(300)}.png`, 'image/png')).toHaveLength(200);
  });
});

describe('media type by content', () => {
  it('knows a PNG whatever it is called, and refuses text and SVG', async () => {
    expect(await detectMediaType(makePng(4, 4))).toBe('image/png');
    expect(await detectMediaType(Buffer.from('hello world, not an image'))).toBeUndefined();
    expect(
      await detectMediaType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>')),
    ).toBeUndefined();
    expect(await detectMediaType(Buffer.alloc(0))).toBeUndefined();
  });
});

describe('the calendar month of the monthly limit', () => {
  it('is the UTC month, whatever the local zone says', () => {
    expect(utcMonth(new Date('2026-12-31T23:59:59.999Z'))).toBe('2026-12');
    expect(utcMonth(new Date('2027-01-01T00:00:00Z'))).toBe('2027-01');
    expect(utcMonth(new Date('2026-03-01T00:30:00+02:00'))).toBe('2026-02');
  });
});

describe('post fields after an edit', () => {
  it('counts a field not sent as the current value', () => {
    const current = { company_id: 'c', content: 'Now' };
    expect(() => requireFieldsAfterEdit({ tone: 'casual' }, current)).not.toThrow();
    expect(() => requireFieldsAfterEdit({}, { company_id: null, content: 'Now' })).toThrow(
      'Please fill in all required fields: company',
    );
  });
});
