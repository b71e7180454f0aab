import {
  BRANDING_MESSAGES,
  contrastRatio,
  DEFAULT_BRAND,
  isAccentReadable,
  type Brand,
  type Branding,
  type BrandingInput,
} from '@cadence/shared';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { assertAllowed, permission, type Actor } from '../approvals/index.js';
import { getEntitlements } from '../plans/index.js';
import * as repo from './branding.repository.js';

/**
 * White label: a workspace's own name, logo and accent colour, shown instead of Cadence's on
 * its review links, in the mails sent for it and in its members' top bar, while its owner's
 * plan includes it.
 */
export function createBrandingService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  async function read(workspaceId: string): Promise<Branding> {
    const [row, entitlements] = await Promise.all([
      repo.findBranding(db, workspaceId),
      getEntitlements(db, workspaceId, clock()),
    ]);
    const brand = row
      ? { name: row.name, logo_url: row.logoUrl, accent_color: row.accentColor }
      : null;
    const effective: Brand = brand && entitlements.hasWhiteLabel ? brand : { ...DEFAULT_BRAND };
    return { available: entitlements.hasWhiteLabel, brand, effective };
  }

  return {
    read,

    /** The brand a workspace shows now (Cadence's without white label). */
    async brandOf(workspaceId: string): Promise<Brand> {
      return (await read(workspaceId)).effective;
    },

    async save(
      workspaceId: string,
      actor: Actor,
      input: BrandingInput & { logo_url: string | null },
    ) {
      assertAllowed(permission(actor, 'set_branding'));
      if (!(await getEntitlements(db, workspaceId, clock())).hasWhiteLabel) {
        throw AppError.forbidden(BRANDING_MESSAGES.planRequired, 'PLAN_LIMIT');
      }
      const colour = input.accent_color.toLowerCase();
      if (!isAccentReadable(colour)) {
        throw AppError.badRequest(
          BRANDING_MESSAGES.contrast(contrastRatio(colour, '#ffffff') ?? 1),
          'CONTRAST_TOO_LOW',
        );
      }
      await repo.upsertBranding(
        db,
        workspaceId,
        { name: input.name, logoUrl: input.logo_url, accentColor: colour },
        clock(),
      );
      return read(workspaceId);
    },
  };
}

export type BrandingService = ReturnType<typeof createBrandingService>;
