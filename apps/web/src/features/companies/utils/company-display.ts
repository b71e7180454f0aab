import type { Company } from '@cadence/shared';
import { CUSTOM_INDUSTRY, CUSTOM_INDUSTRY_LABEL } from '@cadence/shared';

type IndustryFields = Pick<Company, 'industry' | 'custom_industry'>;

/** What the Industry column shows: the free text for 'Other (Custom)', else the industry; null for none. */
export function getIndustryLabel({ industry, custom_industry }: IndustryFields): string | null {
  if (industry === null || industry === '') return null;
  if (industry !== CUSTOM_INDUSTRY) return industry;
  const custom = custom_industry?.trim() ?? '';
  return custom === '' ? CUSTOM_INDUSTRY_LABEL : custom;
}

function parseWebUrl(website: string): URL | null {
  const trimmed = website.trim();
  if (trimmed === '') return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
  if (!URL.canParse(withScheme)) return null;
  const url = new URL(withScheme);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
}

/**
 * The address a Website link may open, or null. Only http(s): a stored value is shown to the
 * person who typed it, but a `javascript:` link must never become clickable.
 */
export function getWebsiteHref(website: string): string | null {
  return parseWebUrl(website)?.href ?? null;
}

/** The website as people read it: host and path, without scheme, `www.` or a trailing slash. */
export function getWebsiteDisplay(website: string): string {
  const url = parseWebUrl(website);
  if (url === null) return website.trim();
  const host = url.host.replace(/^www\./i, '');
  const path = url.pathname === '/' ? '' : url.pathname.replace(/\/$/, '');
  return `${host}${path}`;
}
