/** The first letter of the name, for the placeholder where a logo would be. */
export function getCompanyInitial(name: string): string {
  // Array.from splits by code point, so an emoji or accented letter stays whole.
  const first = Array.from(name.trim())[0];
  return first === undefined ? '?' : first.toLocaleUpperCase();
}
