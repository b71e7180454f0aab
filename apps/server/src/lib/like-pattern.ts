/** Makes `text` match itself under LIKE: `%`, `_` and the escape character lose their power. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A LIKE pattern matching `text` anywhere, as it is (searches in posts, logs and admin lists). */
export const likePattern = (text: string) => `%${escapeLike(text)}%`;
