import type { NetworkId } from '@cadence/shared';
import { CONNECTION_MESSAGES, NETWORK_NAMES } from '@cadence/shared';
import { CircleCheck } from 'lucide-react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { useDisconnectSocialAccount } from '../api/disconnect-social-account';
import { buildDisconnectBody } from '../utils/connection-request';
import { toastApiError } from '../../../components/ui/error-toast';

interface ConnectedNetworkPanelProps {
  network: NetworkId;
  companyId: string;
  accountName: string | null;
}

/** A connected network: who it is connected as, and 'Disconnect' (no credential form). */
export function ConnectedNetworkPanel({
  network,
  companyId,
  accountName,
}: ConnectedNetworkPanelProps) {
  const disconnect = useDisconnectSocialAccount();
  const name = NETWORK_NAMES[network];

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

  return (
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
  );
}
