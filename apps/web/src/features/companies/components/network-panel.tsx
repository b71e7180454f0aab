import type { NetworkRow } from '../utils/network-rows';
import { ConnectedNetworkPanel } from './connected-network-panel';
import { CredentialForm } from './credential-form';
import { SetupInstructionsPanel } from './setup-instructions-panel';

interface NetworkPanelProps {
  row: NetworkRow;
  companyId: string;
  onConnected: () => void;
}

/** An expanded row: setup instructions, then Disconnect when connected or the credential form. */
export function NetworkPanel({ row, companyId, onConnected }: NetworkPanelProps) {
  return (
    <div className="space-y-4">
      <SetupInstructionsPanel network={row.id} />
      {row.isConnected ? (
        <ConnectedNetworkPanel
          network={row.id}
          companyId={companyId}
          accountName={row.accountName}
        />
      ) : (
        <CredentialForm network={row.id} companyId={companyId} onConnected={onConnected} />
      )}
    </div>
  );
}
