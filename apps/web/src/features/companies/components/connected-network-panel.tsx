import type { NetworkId, OAuthNetworkId } from '@cadence/shared';
import {
  CONNECTION_MESSAGES,
  NETWORK_NAMES,
  OAUTH_BUTTON_NAMES,
  OAUTH_MESSAGES,
} from '@cadence/shared';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { startOAuth } from '../api/oauth';
import { Button } from '../../../components/ui/button';
import { useDisconnectSocialAccount } from '../api/disconnect-social-account';
import { buildDisconnectBody } from '../utils/connection-request';
import { toastApiError } from '../../../components/ui/error-toast';

interface ConnectedNetworkPanelProps {
  network: NetworkId;
  companyId: string;
  accountName: string | null;
  /** Its token runs out soon and only the customer can renew it ('Reconnect before'). */
  needsReconnect?: boolean;
  /** Set where one-click connect is available: the reconnect goes through it. */
  oauthNetwork?: OAuthNetworkId | null;
}

/** A connected network: who it is connected as, and 'Disconnect' (no credential form). */
export function ConnectedNetworkPanel({
  network,
  companyId,
  accountName,
  needsReconnect = false,
  oauthNetwork = null,
}: ConnectedNetworkPanelProps) {
  const disconnect = useDisconnectSocialAccount();
  const name = NETWORK_NAMES[network];
  const [isReconnecting, setIsReconnecting] = useState(false);

  async function handleReconnect(oauthId: OAuthNetworkId) {
    setIsReconnecting(true);
    try {
      // The consent page again; the callback renews this connection in place.
      window.location.assign(await startOAuth(oauthId, companyId));
    } catch (error) {
      setIsReconnecting(false);
      toastApiError(error, CONNECTION_MESSAGES.connectFailed(OAUTH_BUTTON_NAMES[oauthId]));
    }
  }

  // mutateAsync: the success swaps this panel for the form before mutate's callbacks could run.
  async function handleDisconnect() {
    try {
      await disconnect.mutateAsync(buildDisconnectBody(network, companyId));
    } catch (error) {
      toastApiError(error, CONNECTION_MESSAGES.disconnectFailed);
      return;
    }
    toast.success(CONNECTION_MESSAGES.disconnectedToast(name));
  }

  const reconnect = needsReconnect && (
    <div className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-amber-200 bg-amber-50 px-3.5 py-3 text-sm text-amber-900">
      {oauthNetwork !== null ? (
        <>
          <p className="min-w-0 flex-1 basis-56">
            {name} lets Cadence post only until the date shown above. Sign in on{' '}
            {OAUTH_BUTTON_NAMES[oauthNetwork]} again to keep it connected.
          </p>
          <Button
            size="sm"
            isLoading={isReconnecting}
            loadingText={`Opening ${OAUTH_BUTTON_NAMES[oauthNetwork]}...`}
            onClick={() => void handleReconnect(oauthNetwork)}
          >
            {OAUTH_MESSAGES.connectWith(OAUTH_BUTTON_NAMES[oauthNetwork])}
          </Button>
        </>
      ) : (
        <p>
          {name} lets Cadence post only until the date shown above. Disconnect, then connect it
          again with fresh keys to keep it connected.
        </p>
      )}
    </div>
  );

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-emerald-200 bg-emerald-50/70 px-3.5 py-3">
        <p className="flex min-w-0 items-center gap-2 text-sm text-emerald-900">
          <CircleCheck className="size-4 shrink-0 text-emerald-600" aria-hidden="true" />
          <span className="min-w-0 break-words">
            <span className="font-semibold">Connected</span>
            {accountName !== null && (
              <>
                {' as '}
                <span className="font-medium">{accountName}</span>
              </>
            )}
          </span>
        </p>
        <Button
          variant="danger-outline"
          size="sm"
          isLoading={disconnect.isPending}
          loadingText="Disconnecting..."
          onClick={() => void handleDisconnect()}
        >
          Disconnect
        </Button>
      </div>
      {reconnect}
    </div>
  );
}
