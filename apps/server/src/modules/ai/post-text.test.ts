import { describe, expect, it } from 'vitest';
import {
  cleanAnswer,
  parseHashtags,
  replaceAiMarker,
  splitKeywords,
  trimToLength,
} from './post-text.js';

describe('trimToLength', () => {
  it('leaves text within the cap alone, only trimmed', () => {
    expect(trimToLength('  Short and sweet.  ', 150)).toBe('Short and sweet.');
  });

  it('cuts at a word boundary and marks the cut', () => {
    const text = 'one two three four five six seven eight nine ten';
    const trimmed = trimToLength(text, 20);
    expect(trimmed.length).toBeLessThanOrEqual(20);
    expect(trimmed).toBe('one two three four…');
  });

  it('prefers a sentence end when it keeps most of the text', () => {
    const text = 'The launch went well. Everyone cheered loudly and then went home.';
    expect(trimToLength(text, 32)).toBe('The launch went well.');
    expect(trimToLength(text, 60)).toBe(
      'The launch went well. Everyone cheered loudly and then went…',
    );
  });

  it('never splits an emoji or a flag', () => {
    const text = `${'👍🏽'.repeat(10)} 🇩🇪🇩🇪🇩🇪`;
    for (let max = 5; max <= text.length; max++) {
      const trimmed = trimToLength(text, max);
      expect(trimmed.length).toBeLessThanOrEqual(max);
      expect(trimmed).not.toMatch(/\uFFFD/);
      // Every grapheme of the result is a whole grapheme of the original.
      const whole = new Set([...new Intl.Segmenter().segment(text)].map((part) => part.segment));
      for (const part of new Intl.Segmenter().segment(trimmed.replace(/…$/, '').trim())) {
        if (part.segment.trim()) expect(whole.has(part.segment)).toBe(true);
      }
    }
  });

  it('cuts one very long word at a grapheme boundary', () => {
    const trimmed = trimToLength('a'.repeat(500), 150);
    expect(trimmed).toBe(`${'a'.repeat(149)}…`);
  });

  it('keeps every size cap', () => {
    const words = Array.from({ length: 2_000 }, (_, i) => `word${i}`).join(' ');
    for (const max of [150, 250, 400, 600, 1000, 3000]) {
      const trimmed = trimToLength(words, max);
      expect(trimmed.length).toBeLessThanOrEqual(max);
      expect(trimmed.length).toBeGreaterThan(max - 20);
    }
  });
});

describe('parseHashtags', () => {
  it('keeps only items that start with #, trimmed, at most count', () => {
    expect(parseHashtags(' #Launch , rockets, #Space,#Orbit , #Extra', 3)).toEqual([
      '#Launch',
      '#Space',
      '#Orbit',
    ]);
  });

  it('drops items with spaces inside and duplicates ignoring case', () => {
    expect(parseHashtags('#social media, #Space, #space, #SPACE, #Growth.', 10)).toEqual([
      '#Space',
      '#Growth',
    ]);
  });

  it('reads a space- or line-separated list too', () => {
    expect(parseHashtags('#One #Two\n1. #Three\n- #Four', 10)).toEqual([
      '#One',
      '#Two',
      '#Three',
      '#Four',
    ]);
  });

  it('answers nothing for an answer without hashtags', () => {
    expect(parseHashtags('Sorry, I cannot help with that.', 3)).toEqual([]);
  });
});

describe('replaceAiMarker', () => {
  it('replaces every marker', () => {
    expect(replaceAiMarker('Hi [AI] and [AI]!', 'Acme')).toBe('Hi Acme and Acme!');
  });

  it('treats $ in the generated text literally', () => {
    expect(replaceAiMarker('Price: [AI]', '$& $1 off')).toBe('Price: $& $1 off');
  });

  it('answers the text alone without a marker', () => {
    expect(replaceAiMarker('no marker here', 'Generated.')).toBe('Generated.');
  });
});

describe('splitKeywords and cleanAnswer', () => {
  it('splits keywords, trimmed and distinct', () => {
    expect(splitKeywords(' rockets, Space ,, space, orbit ')).toEqual([
      'rockets',
      'Space',
      'orbit',
    ]);
    expect(splitKeywords(null)).toEqual([]);
  });

  it('removes wrapping quotes and labels', () => {
    expect(cleanAnswer('"Hello world"')).toBe('Hello world');
    expect(cleanAnswer('Post: We launched!')).toBe('We launched!');
  });
});
