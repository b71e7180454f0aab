import { socialsDialogPath } from '@cadence/shared';

/** The Entities page with one entity's Socials dialog open (`?socials=<entityId>`). */
export function socialsHref(companyId: string): string {
  return socialsDialogPath(companyId);
}
