import { NETWORK_IDS, oauthLandingMessage, type NetworkId } from '@cadence/shared';

export interface OAuthLanding {
  companyId: string | null;
  network: NetworkId | null;
  /** The words for the callback's error code (a generic text for a code we do not know). */
  error: string | null;
  isConnected: boolean;
  choice: { network: NetworkId; pendingId: string } | null;
}

/**
 * What the one-click connect callback put in the address (see the connections module). The
 * `error` is a code: only our own codes have their own words, and the address's text is
 * never shown, so a crafted link cannot put its words on our page (decision 103).
 */
export function readOAuthLanding(params: URLSearchParams): OAuthLanding | null {
  const companyId = params.get('socials');
  const error = params.get('error');
  if (companyId === null && error === null) return null;
  const networkParam = params.get('network');
  const network = NETWORK_IDS.find((id) => id === networkParam) ?? null;
  const pendingId = params.get('choose');
  return {
    companyId,
    network,
    error: error === null ? null : oauthLandingMessage(error, networkParam),
    isConnected: params.get('connected') === '1',
    choice: pendingId !== null && network !== null ? { network, pendingId } : null,
  };
}
