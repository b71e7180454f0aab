/** An http(s) address that may become a link, or null: a stored value must never run script. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (value === null || value === undefined || !URL.canParse(value)) return null;
  const url = new URL(value);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
}
