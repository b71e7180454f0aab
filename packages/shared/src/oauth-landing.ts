import { COMPANY_MESSAGES } from './companies.js';
import {
  CONNECTION_MESSAGES,
  OAUTH_BUTTON_NAMES,
  OAUTH_MESSAGES,
  OAUTH_NETWORK_IDS,
  type OAuthNetworkId,
} from './connections.js';
import { NETWORK_MESSAGES } from './networks.js';

/**
 * What the one-click callback's redirect to `/companies` carries in `error`: a code, never
 * words. The web app shows the text of a known code and a generic text for anything else,
 * so a crafted link cannot put its own words on our page (decision 103).
 */
export const OAUTH_LANDING_ERRORS = [
  'state_invalid',
  'other_browser',
  'cancelled',
  'refused',
  'rate_limited',
  'unreachable',
  'unexpected',
  'no_pages',
  'no_instagram',
  'not_configured',
  'not_in_plan',
  'network_limit',
  'entity_not_found',
] as const;
export type OAuthLandingError = (typeof OAUTH_LANDING_ERRORS)[number];

const isLandingError = (code: string): code is OAuthLandingError =>
  (OAUTH_LANDING_ERRORS as readonly string[]).includes(code);

const isOAuthNetwork = (network: string): network is OAuthNetworkId =>
  (OAUTH_NETWORK_IDS as readonly string[]).includes(network);

/** The texts that need no network name. */
const PLAIN = {
  other_browser: OAUTH_MESSAGES.otherBrowser,
  no_pages: OAUTH_MESSAGES.noPages,
  no_instagram: OAUTH_MESSAGES.noInstagram,
  not_in_plan: NETWORK_MESSAGES.notInPlan,
  network_limit: CONNECTION_MESSAGES.networkLimitLanding,
  entity_not_found: COMPANY_MESSAGES.notFound,
} as const satisfies Partial<Record<OAuthLandingError, string>>;
type PlainCode = keyof typeof PLAIN;

/** The texts that name the network ('X', 'LinkedIn', ...). */
const NAMED: Record<Exclude<OAuthLandingError, PlainCode>, (network: string) => string> = {
  state_invalid: OAUTH_MESSAGES.stateInvalid,
  cancelled: OAUTH_MESSAGES.cancelled,
  refused: OAUTH_MESSAGES.refused,
  rate_limited: OAUTH_MESSAGES.rateLimited,
  unreachable: OAUTH_MESSAGES.unreachable,
  unexpected: OAUTH_MESSAGES.unexpected,
  not_configured: OAUTH_MESSAGES.notConfigured,
};

/**
 * The text for the `error` and `network` of a one-click landing. Only our own codes have
 * their own words; anything else (a crafted link, a code from a newer server) gets the
 * generic message, and the address's text is never shown.
 */
export function oauthLandingMessage(code: string, network: string | null): string {
  if (!isLandingError(code)) return OAUTH_MESSAGES.landingUnknown;
  if (Object.hasOwn(PLAIN, code)) return PLAIN[code as PlainCode];
  // A code that names the network needs one of ours to name.
  if (network === null || !isOAuthNetwork(network)) return OAUTH_MESSAGES.landingUnknown;
  return NAMED[code as Exclude<OAuthLandingError, PlainCode>](OAUTH_BUTTON_NAMES[network]);
}
