import { createHash } from 'node:crypto';

/** A strong ETag of an answer's data: the same data, the same tag. */
export function etagOf(value: unknown): string {
  const digest = createHash('sha256').update(JSON.stringify(value)).digest('base64url');
  return `"${digest.slice(0, 32)}"`;
}

/** The entity tags of an If-Match or If-None-Match header (`*` stands for any). */
function tagsOf(header: string): string[] {
  return header
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** If-Match holds the current tag (strong comparison: a weak tag never matches), or `*`. */
export function matchesIfMatch(header: string, etag: string): boolean {
  return tagsOf(header).some((tag) => tag === '*' || tag === etag);
}

/** If-None-Match holds the current tag (weak comparison), or `*`. */
export function matchesIfNoneMatch(header: string, etag: string): boolean {
  const bare = (tag: string) => tag.replace(/^W\//, '');
  return tagsOf(header).some((tag) => tag === '*' || bare(tag) === bare(etag));
}
