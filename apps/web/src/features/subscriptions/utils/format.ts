import { formatInZone } from '../../../lib/zoned-time';

/** A UTC instant as a date in the customer's zone, e.g. 'Dec 21, 2026'. */
export function formatDate(iso: string | null | undefined, zone: string): string {
  if (!iso) return '';
  return formatInZone(iso, zone, 'MMM d, yyyy');
}

/** Stripe answers an absolute URL; our own checkout a path in this app. */
export function isExternalUrl(url: string): boolean {
  return /^https?:\/\//i.test(url);
}
