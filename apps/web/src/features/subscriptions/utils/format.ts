/** A UTC instant as a date in the browser's zone, e.g. 'Dec 21, 2026'. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(iso));
}

/** Stripe answers an absolute URL; our own checkout a path in this app. */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
