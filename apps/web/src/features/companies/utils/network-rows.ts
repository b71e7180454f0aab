import type { Company, NetworkId } from '@cadence/shared';
import { NETWORK_IDS, NETWORK_MESSAGES, NETWORK_NAMES } from '@cadence/shared';

export interface NetworkRow {
  id: NetworkId;
  name: string;
  isConnected: boolean;
  /** Whether the plan allows the network; a locked row cannot be expanded. */
  isSupported: boolean;
  /** The account the connection belongs to, when the server knows it. */
  accountName: string | null;
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
    };
  });
}

/** Spec §5, with its typographic apostrophe. */
export const NETWORK_LOCKED_MESSAGE = NETWORK_MESSAGES.notInPlan;
