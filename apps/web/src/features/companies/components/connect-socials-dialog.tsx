import type { Company, NetworkId } from '@cadence/shared';
import { NETWORK_IDS, NETWORK_MESSAGES } from '@cadence/shared';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { UpgradeHint } from '../../../components/ui/upgrade-hint';
import { useOAuthConfig } from '../api/oauth';
import { usePlans } from '../../../lib/queries/plans';
import { getNetworkRows, planIncluding } from '../utils/network-rows';
import { NetworkLimitHint } from './network-limit-hint';
import { NetworkRowItem } from './network-row';
import { OAuthChoicePanel } from './oauth-choice-panel';

/** After Facebook Login: the choice waiting on the server, shown above the networks. */
export interface PendingOAuthChoice {
  network: NetworkId;
  pendingId: string;
}

interface ConnectSocialsDialogProps {
  /** The company whose networks are shown; null closes the dialog. */
  company: Company | null;
  /** The network ids the plan allows (the company list's supported_social_accounts). */
  supportedNetworks: readonly NetworkId[];
  /** Every entity and the plan's network limit, for the 'N of M social networks' meter. */
  networkUsage?: { companies: readonly Company[]; limit: number | null };
  /** A Page choice to make first (back from Facebook Login). */
  choice?: PendingOAuthChoice | null;
  /** One row to open at once (back from a consent page). */
  initialNetwork?: NetworkId | null;
  onChoiceDone?: () => void;
  onClose: () => void;
}

/** 'Connect Social Networks': one expandable row per network, in the spec's order. */
export function ConnectSocialsDialog({
  company,
  supportedNetworks,
  networkUsage,
  choice = null,
  initialNetwork = null,
  onChoiceDone,
  onClose,
}: ConnectSocialsDialogProps) {
  return (
    <Dialog
      open={company !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title="Connect Social Networks"
      description={company?.name}
      size="xl"
    >
      {/* Where the limit bites: the plan offers more networks than its entities may use. */}
      {company !== null &&
        networkUsage?.limit != null &&
        networkUsage.limit < supportedNetworks.length && (
          <NetworkLimitHint
            companies={networkUsage.companies}
            limit={networkUsage.limit}
            explained
            className="mb-3"
          />
        )}
      {company !== null && choice !== null && (
        <OAuthChoicePanel
          network={choice.network}
          pendingId={choice.pendingId}
          onDone={() => onChoiceDone?.()}
        />
      )}
      {company !== null && (
        <NetworkList
          key={company.id}
          company={company}
          supportedNetworks={supportedNetworks}
          initialNetwork={initialNetwork}
          onConnected={onClose}
        />
      )}
    </Dialog>
  );
}

interface NetworkListProps {
  company: Company;
  supportedNetworks: readonly NetworkId[];
  initialNetwork: NetworkId | null;
  /** A successful Connect closes the dialog (spec §4). */
  onConnected: () => void;
}

function NetworkList({
  company,
  supportedNetworks,
  initialNetwork,
  onConnected,
}: NetworkListProps) {
  // Each row opens and closes on its own (spec §4).
  const [expanded, setExpanded] = useState<ReadonlySet<NetworkId>>(
    () => new Set(initialNetwork ? [initialNetwork] : []),
  );
  const oauthConfig = useOAuthConfig();
  const plans = usePlans();
  const rows = getNetworkRows(company, supportedNetworks, NETWORK_IDS);
  // Undefined while loading; a catalogue that did not load names no plan.
  const catalogue = plans.isError ? [] : plans.data?.rows;

  if (rows.length === 0) {
    return <p className="text-sm text-gray-600">{NETWORK_MESSAGES.noneAvailable}</p>;
  }

  function toggle(id: NetworkId) {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  const locked = rows.filter((row) => !row.isSupported).length;
  return (
    <>
      <ul className="divide-y divide-gray-100 overflow-hidden rounded-xl border border-gray-200">
        {rows.map((row) => (
          <NetworkRowItem
            key={row.id}
            row={row}
            lockedPlan={row.isSupported ? null : planIncluding(row.id, catalogue)}
            companyId={company.id}
            isExpanded={row.isSupported && expanded.has(row.id)}
            oauth={oauthConfig.data?.networks.find((entry) => entry.network === row.id)}
            onToggle={() => toggle(row.id)}
            onConnected={onConnected}
          />
        ))}
      </ul>
      {locked > 0 && (
        <div className="mt-3">
          <UpgradeHint>
            Your plan includes {supportedNetworks.length}{' '}
            {supportedNetworks.length === 1 ? 'social network' : 'social networks'}.
          </UpgradeHint>
        </div>
      )}
    </>
  );
}
