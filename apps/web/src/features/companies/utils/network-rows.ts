import type { Company, NetworkId, PublicPlan } from '@cadence/shared';
import { NETWORK_IDS, NETWORK_MESSAGES, NETWORK_NAMES } from '@cadence/shared';

export interface NetworkRow {
  id: NetworkId;
  name: string;
  isConnected: boolean;
  /** Whether the plan allows the network; a locked row cannot be expanded. */
  isSupported: boolean;
  /** The account the connection belongs to, when the server knows it. */
  accountName: string | null;
  /** When the token expires and only a reconnect renews it (ISO instant), else null. */
  reconnectBefore: string | null;
}

/** One row per network for the Connect Social Networks dialog, in the spec's order. */
export function getNetworkRows(
  company: Pick<Company, 'social_credentials'>,
  supported: readonly NetworkId[],
  networkIds: readonly NetworkId[] = NETWORK_IDS,
): NetworkRow[] {
  return networkIds.map((id) => {
    const credential = company.social_credentials.find((item) => item.social_account.key === id);
    return {
      id,
      name: NETWORK_NAMES[id],
      isConnected: credential !== undefined,
      isSupported: supported.includes(id),
      accountName: credential?.account_name ?? null,
      reconnectBefore: credential?.reconnect_before ?? null,
    };
  });
}

/**
 * What a locked network's row says about plans: the first plan on offer (the catalogue is in
 * the order plans are offered, cheapest first) that includes it ('Available on Business'),
 * that none does ('Not on your plan'), or nothing yet while the catalogue loads, so the row
 * does not claim 'Not on your plan' and then change its mind.
 */
export type PlanOffer =
  { status: 'loading' } | { status: 'included'; plan: string } | { status: 'none' };

/** `plans` is undefined while the catalogue loads (a failed load passes none: `[]`). */
export function planIncluding(
  network: NetworkId,
  plans: readonly Pick<PublicPlan, 'name' | 'subscription_social_accounts'>[] | undefined,
): PlanOffer {
  if (plans === undefined) return { status: 'loading' };
  const plan = plans.find((item) =>
    item.subscription_social_accounts.some((account) => account.key === network),
  );
  return plan === undefined ? { status: 'none' } : { status: 'included', plan: plan.name };
}

/** Spec §5, with its typographic apostrophe. */
export const NETWORK_LOCKED_MESSAGE = NETWORK_MESSAGES.notInPlan;
