import { describe, expect, it } from 'vitest';
import { describeRejection, findRejections } from './post-rejections';

describe('findRejections', () => {
  it('names only the chosen networks that would refuse the text', () => {
    const text = 'a'.repeat(312);
    const rejections = findRejections(text, ['twitter', 'bluesky', 'linkedIn']);
    expect(rejections.map((item) => item.network)).toEqual(['twitter', 'bluesky']);
    expect(rejections.map(describeRejection)).toEqual([
      'X would reject this post: 312/280 characters.',
      'Bluesky would reject this post: 312/300 characters.',
    ]);
  });

  it('is empty when everything fits or no network is chosen', () => {
    expect(findRejections('short', ['twitter'])).toEqual([]);
    expect(findRejections('a'.repeat(5000), [])).toEqual([]);
  });

  it('explains a Bluesky refusal by bytes', () => {
    const [item] = findRejections('👨‍👩‍👧‍👦'.repeat(200), ['bluesky']);
    expect(item === undefined ? '' : describeRejection(item)).toBe(
      'Bluesky would reject this post: it is over 3000 bytes.',
    );
  });
});
