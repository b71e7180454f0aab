import { CONNECTION_MESSAGES, OAUTH_BUTTON_NAMES, OAUTH_MESSAGES } from '@cadence/shared';
import type { OAuthNetworkId } from '@cadence/shared';
import { ChevronRight } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { startOAuth } from '../api/oauth';
import { toastApiError } from '../../../components/ui/error-toast';

interface OAuthConnectPanelProps {
  network: OAuthNetworkId;
  companyId: string;
  /** The key form and its instructions: the advanced path, folded away. */
  children: ReactNode;
}

/** 'Connect with {network}' first; the spec's key form stays one click away. */
export function OAuthConnectPanel({ network, companyId, children }: OAuthConnectPanelProps) {
  const [isStarting, setIsStarting] = useState(false);
  const name = OAUTH_BUTTON_NAMES[network];

  async function connect() {
    setIsStarting(true);
    try {
      // The browser leaves for the network's consent page and comes back to this dialog.
      window.location.assign(await startOAuth(network, companyId));
    } catch (error) {
      setIsStarting(false);
      toastApiError(error, CONNECTION_MESSAGES.connectFailed(name), {
        id: `oauth-start-${network}`,
      });
    }
  }

  return (
    <div className="space-y-4">
      <div className="rounded-lg border border-gray-200 bg-white p-4">
        <p className="text-sm text-gray-700">
          Sign in on {name} and allow Cadence to post for you. No keys to copy.
        </p>
        <Button
          className="mt-3 w-full sm:w-auto"
          isLoading={isStarting}
          loadingText={`Opening ${name}...`}
          onClick={() => void connect()}
        >
          {OAUTH_MESSAGES.connectWith(name)}
        </Button>
      </div>
      <details className="group rounded-lg">
        <summary className="inline-flex min-h-6 cursor-pointer list-none items-start gap-1 rounded text-sm font-medium text-gray-700 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
          <ChevronRight
            className="mt-0.5 size-4 shrink-0 transition-transform group-open:rotate-90"
            aria-hidden="true"
          />
          {OAUTH_MESSAGES.advanced}
        </summary>
        <div className="mt-3 space-y-4">{children}</div>
      </details>
    </div>
  );
}

/** For admins only (the server sends variable names to admins alone). */
export function OAuthAdminHint({ variables }: { variables: readonly string[] }) {
  return (
    <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900 ring-1 ring-amber-200 ring-inset">
      {OAUTH_MESSAGES.adminHint(variables.join(' and '))}
    </p>
  );
}
