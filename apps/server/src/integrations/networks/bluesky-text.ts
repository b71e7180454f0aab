import { countGraphemes, countUtf8Bytes } from '@cadence/shared';

/** A tag's own cap in the facet lexicon. */
const MAX_TAG_GRAPHEMES = 64;

export type FacetFeature =
  | { $type: 'app.bsky.richtext.facet#link'; uri: string }
  | { $type: 'app.bsky.richtext.facet#tag'; tag: string };

export interface Facet {
  $type: 'app.bsky.richtext.facet';
  /** Offsets into the UTF-8 bytes of the text, end exclusive (JS indexes UTF-16 units). */
  index: { byteStart: number; byteEnd: number };
  features: FacetFeature[];
}

const URL_PATTERN = /https?:\/\/[^\s<>"]+/gu;
// A tag starts after whitespace (or at the start), so URL fragments like /#top are not tags.
const TAG_PATTERN = /(?<=^|\s)[#＃]([^\s#＃]+)/gu;
const TRAILING_PUNCTUATION = /\p{P}+$/u;

/** Drops sentence punctuation after a URL, keeping a closing bracket the URL itself opened. */
function trimUrl(url: string): string {
  let trimmed = url.replace(/[.,;:!?'"]+$/u, '');
  while (trimmed.endsWith(')') && !trimmed.includes('(')) {
    trimmed = trimmed.slice(0, -1).replace(/[.,;:!?'"]+$/u, '');
  }
  return trimmed;
}

function facetAt(text: string, start: number, shown: string, feature: FacetFeature): Facet {
  const byteStart = countUtf8Bytes(text.slice(0, start));
  return {
    $type: 'app.bsky.richtext.facet',
    index: { byteStart, byteEnd: byteStart + countUtf8Bytes(shown) },
    features: [feature],
  };
}

/**
 * Finds links and hashtags and answers them as facets. Bluesky renders no links from plain
 * text: without a facet a URL is dead text (https://docs.bsky.app/docs/advanced-guides/post-richtext).
 */
export function detectFacets(text: string): Facet[] {
  const facets: Facet[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const uri = trimUrl(match[0]);
    if (uri.length <= 'https://'.length) continue;
    facets.push(facetAt(text, match.index, uri, { $type: 'app.bsky.richtext.facet#link', uri }));
  }
  for (const match of text.matchAll(TAG_PATTERN)) {
    const tag = (match[1] ?? '').replace(TRAILING_PUNCTUATION, '');
    const isNumber = /^\d+$/u.test(tag);
    if (!tag || isNumber || countGraphemes(tag) > MAX_TAG_GRAPHEMES) continue;
    const shown = `${match[0].charAt(0)}${tag}`;
    facets.push(facetAt(text, match.index, shown, { $type: 'app.bsky.richtext.facet#tag', tag }));
  }
  return facets.sort((a, b) => a.index.byteStart - b.index.byteStart);
}
