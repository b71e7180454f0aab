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
 * The plan a locked network's row names ('Available on Business'): the first plan on offer
 * (the catalogue is in the order plans are offered, cheapest first) that includes it; null
 * when none does or the catalogue is not loaded.
 */
export function planIncluding(
  network: NetworkId,
  plans: readonly Pick<PublicPlan, 'name' | 'subscription_social_accounts'>[] | undefined,
): string | null {
  const plan = plans?.find((item) =>
    item.subscription_social_accounts.some((account) => account.key === network),
  );
  return plan?.name ?? null;
}

/** Spec §5, with its typographic apostrophe. */
export const NETWORK_LOCKED_MESSAGE = NETWORK_MESSAGES.notInPlan;
