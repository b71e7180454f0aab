import { ROUTES } from '@cadence/shared';

/** The Entities page with one entity's Socials dialog open (`?socials=<entityId>`). */
export function socialsHref(companyId: string): string {
  return `${ROUTES.companies}?${new URLSearchParams({ socials: companyId }).toString()}`;
}
