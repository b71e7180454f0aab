import type { Company } from '@cadence/shared';
import { getConnectedNetworkIds } from '../../../lib/connected-networks';
import { NetworkMark } from '../../../components/entities/network-mark';

/** Small marks of the networks a company is connected to; nothing when there are none. */
export function ConnectedNetworks({ company }: { company: Company }) {
  const networks = getConnectedNetworkIds(company);
  if (networks.length === 0) return null;
  return (
    <ul aria-label="Connected networks" className="mt-1 flex flex-wrap gap-1">
      {networks.map((network) => (
        <li key={network}>
          <NetworkMark network={network} size="sm" />
        </li>
      ))}
    </ul>
  );
}
