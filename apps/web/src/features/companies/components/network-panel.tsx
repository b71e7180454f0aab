import { OAUTH_MESSAGES, OAUTH_NETWORK_IDS, type OAuthNetworkId } from '@cadence/shared';
import { ExternalLink } from 'lucide-react';
import type { NetworkRow } from '../utils/network-rows';
import { ConnectedNetworkPanel } from './connected-network-panel';
import { CredentialForm } from './credential-form';
import { OAuthAdminHint, OAuthConnectPanel } from './oauth-connect-panel';
import { SetupInstructionsPanel } from './setup-instructions-panel';

/** What the server says about one-click connect for a network. */
export interface OAuthAvailability {
  enabled: boolean;
  /** Admins only: the variables that would enable it. */
  variables?: string[];
}

interface NetworkPanelProps {
  row: NetworkRow;
  companyId: string;
  oauth: OAuthAvailability | undefined;
  onConnected: () => void;
}

const BLUESKY_APP_PASSWORDS = 'https://bsky.app/settings/app-passwords';

const isOAuthNetwork = (id: string): id is OAuthNetworkId =>
  (OAUTH_NETWORK_IDS as readonly string[]).includes(id);

/**
 * An expanded row: Disconnect when connected; otherwise 'Connect with {network}' first where
 * the server has an app for it (the key form folded away as the advanced path), else the key
 * form with its setup instructions.
 */
export function NetworkPanel({ row, companyId, oauth, onConnected }: NetworkPanelProps) {
  if (row.isConnected) {
    return (
      <ConnectedNetworkPanel
        network={row.id}
        companyId={companyId}
        accountName={row.accountName}
        // A token that runs out is renewed by connecting again (the row is updated in place).
        needsReconnect={row.reconnectBefore !== null}
        oauthNetwork={isOAuthNetwork(row.id) && oauth?.enabled ? row.id : null}
      />
    );
  }
  const keyForm = (
    <>
      <SetupInstructionsPanel network={row.id} />
      {row.id === 'bluesky' && (
        <p className="text-sm text-gray-700">
          {OAUTH_MESSAGES.blueskyAppPassword}{' '}
          <a
            href={BLUESKY_APP_PASSWORDS}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-brand-700 underline hover:text-brand-800"
          >
            Create an app password
            <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </p>
      )}
      <CredentialForm network={row.id} companyId={companyId} onConnected={onConnected} />
    </>
  );
  if (isOAuthNetwork(row.id) && oauth?.enabled) {
    return (
      <OAuthConnectPanel network={row.id} companyId={companyId}>
        {keyForm}
      </OAuthConnectPanel>
    );
  }
  return (
    <div className="space-y-4">
      {oauth?.variables && oauth.variables.length > 0 && (
        <OAuthAdminHint variables={oauth.variables} />
      )}
      {keyForm}
    </div>
  );
}
