import type { Company, NetworkId } from '@cadence/shared';
import { NETWORK_IDS } from '@cadence/shared';

/** The networks the company is connected to, in the spec's network order. */
export function getConnectedNetworkIds(company: Pick<Company, 'social_credentials'>): NetworkId[] {
  const connected = new Set(company.social_credentials.map((item) => item.social_account.key));
  return NETWORK_IDS.filter((id) => connected.has(id));
}
