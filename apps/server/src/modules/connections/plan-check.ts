import {
  COMPANY_MESSAGES,
  CONNECTION_MESSAGES,
  exceedsNetworkLimit,
  NETWORK_MESSAGES,
  type NetworkId,
} from '@cadence/shared';
import type { DbExecutor } from '../../db/client.js';
import { AppError } from '../../errors.js';
import { entityVisible, type EntityAccess } from '../../lib/entity-scope.js';
import { getEntitlements } from '../plans/index.js';
import * as repo from './connections.repository.js';

/**
 * Whether the customer may connect `network` for the entity, by the key form or one click:
 * the entity is theirs and exists for the person acting (404), the plan includes the network (403 NETWORK_NOT_ON_PLAN) and
 * the network fits in the plan's network limit, each network counted once across the
 * customer's entities (403 PLAN_LIMIT).
 */
export async function admitConnection(
  db: DbExecutor,
  userId: string,
  companyId: string,
  network: NetworkId,
  access?: EntityAccess,
) {
  if (!entityVisible(access, companyId) || !(await repo.isCompanyOwnedBy(db, companyId, userId))) {
    throw AppError.notFound(COMPANY_MESSAGES.notFound, 'COMPANY_NOT_FOUND');
  }
  const entitlements = await getEntitlements(db, userId);
  if (!entitlements.allowedNetworks.includes(network)) {
    throw AppError.forbidden(NETWORK_MESSAGES.notInPlan, 'NETWORK_NOT_ON_PLAN');
  }
  const limit = entitlements.maxNetworks;
  if (
    limit !== null &&
    exceedsNetworkLimit(await repo.networksInUseBy(db, userId), network, limit)
  ) {
    throw AppError.forbidden(
      CONNECTION_MESSAGES.networkLimitReached(limit, entitlements.planName),
      'PLAN_LIMIT',
    );
  }
}
