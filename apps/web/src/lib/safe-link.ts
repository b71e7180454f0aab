import { isHttpUrl } from '@cadence/shared';

/** An http(s) address that may become a link, or null: a stored value must never run script. */
export function safeHttpUrl(value: string | null | undefined): string | null {
  if (value === null || value === undefined || !isHttpUrl(value)) return null;
  return new URL(value).href;
}
