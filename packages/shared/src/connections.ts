import { z } from 'zod/mini';
import { NETWORK_IDS, type NetworkId } from './networks.js';

/**
 * The credential form of each network (spec 000 section 3) and the request fields each
 * form value travels in (section 7). `masked` follows the spec's rule: the field name
 * contains secret, password, access or key.
 */
export interface CredentialField {
  /** The form field, as the spec names it. */
  name: string;
  label: string;
  /** The request field it is sent as. */
  param: string;
}

export const CREDENTIAL_FIELDS: Record<NetworkId, CredentialField[]> = {
  twitter: [
    { name: 'apiKey', label: 'API Key', param: 'api_key' },
    { name: 'apiSecret', label: 'API Secret', param: 'api_secret' },
    { name: 'accessToken', label: 'Access Token', param: 'client_id' },
    { name: 'accessTokenSecret', label: 'Access Token Secret', param: 'client_secret' },
  ],
  facebook: [
    { name: 'appId', label: 'App ID', param: 'client_id' },
    { name: 'appSecret', label: 'App Secret', param: 'client_secret' },
    { name: 'accessToken', label: 'User Access Token', param: 'access_token' },
    { name: 'pageId', label: 'Page', param: 'page_id' },
  ],
  linkedIn: [
    { name: 'clientId', label: 'Client ID', param: 'client_id' },
    { name: 'clientSecret', label: 'Client Secret', param: 'client_secret' },
    { name: 'accessToken', label: 'Access Token', param: 'access_token' },
  ],
  instagram: [{ name: 'accessToken', label: 'Access Token', param: 'access_token' }],
  bluesky: [
    { name: 'username', label: 'Handle', param: 'username' },
    { name: 'client_secret', label: 'App Password', param: 'client_secret' },
  ],
  threads: [
    { name: 'accessToken', label: 'Access Token', param: 'access_token' },
    { name: 'clientSecret', label: 'App Secret', param: 'client_secret' },
  ],
};

export function isMaskedField(name: string) {
  return /secret|password|access|key/i.test(name);
}

/** The spec's prefixes for connection failures ('Thread' is the spec's word). */
export const CONNECTION_FAILURE_PREFIX: Record<NetworkId, string> = {
  twitter: 'Twitter connection failed: ',
  facebook: 'Facebook connection failed: ',
  linkedIn: 'LinkedIn connection failed: ',
  instagram: 'Instagram connection failed: ',
  bluesky: 'Bluesky connection failed: ',
  threads: 'Thread connection failed: ',
};

export const CONNECTION_MESSAGES = {
  missingCredentials: 'Missing required credentials',
  /** Beside an empty credential field after Test Connection or Connect. */
  fieldRequired: (label: string) => `${label} is required`,
  unsupportedNetwork: (id: string) => `Unsupported network: ${id}`,
  disconnected: 'Disconnected successfully',
  verified: (network: string) => `${network} connection verified`,
  connected: (network: string) => `${network} connected successfully`,
  disconnectedToast: (network: string) => `${network} disconnected successfully`,
  connectFailed: (network: string) => `Failed to connect ${network}`,
  connectError: (network: string, message: string) => `Error connecting ${network}: ${message}`,
  disconnectFailed: 'Failed to disconnect',
  testUntested: 'Test connection to verify credentials',
  testSuccess: 'Connection verified',
  testError: 'Connection failed',
  testFailedFallback: 'Connection test failed',
  pagesFetched: 'Pages fetched successfully',
  /** A post due after the connection's token expired, when it cannot be renewed. */
  reconnect: (network: string, entity: string) => `Reconnect ${network} for ${entity}`,
  /**
   * A token that will expire and cannot be renewed without the customer: on the Socials
   * dialog's row and on scheduled posts due after it (`date` from `formatReconnectDate`).
   */
  reconnectBefore: (date: string) => `Reconnect before ${date}`,
  /** The 7-day and 1-day warnings (bell and mail). */
  expiring: (network: string, entity: string, date: string) =>
    `Reconnect ${network} for ${entity} before ${date}`,
  /** A connect that would bring in one network more than the plan allows. */
  networkLimitReached: (limit: number, planName: string) =>
    `Your ${planName} plan allows ${limit} social ${limit === 1 ? 'network' : 'networks'}. Use a network you already connected, or upgrade your plan on the Subscription Plans page to add more.`,
  /** The same, after a one-click consent page (the landing carries a code, not the numbers). */
  networkLimitLanding:
    'Your plan’s social networks are all in use. Use a network you already connected, or upgrade your plan on the Subscription Plans page to add more.',
} as const;

/**
 * The networks that count against the plan's network limit: each network once, however
 * many entities connect an account on it.
 */
export function networksInUse(connected: Iterable<NetworkId>): NetworkId[] {
  return [...new Set(connected)];
}

/**
 * Whether connecting `network` would go over the plan's network limit (null: unlimited).
 * Another entity's account on a network already in use costs nothing more.
 */
export function exceedsNetworkLimit(
  inUse: readonly NetworkId[],
  network: NetworkId,
  limit: number | null,
): boolean {
  if (limit === null) return false;
  const networks = networksInUse(inUse);
  return !networks.includes(network) && networks.length >= limit;
}

/** The date of a 'Reconnect before' text, in the customer's zone ('Dec 1, 2026, 3:04 PM'). */
export function formatReconnectDate(instant: Date | string | number, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(instant));
}

/**
 * Until when a connection works without the customer doing anything: its token's expiry
 * when the token cannot be renewed automatically (no refresh grant, or a refused refresh)
 * or the connection already needs a reconnect; null when it expires never, is unknown, or
 * is renewed by the token sweep (decision 092).
 */
export function reconnectDeadline(connection: {
  tokenExpiresAt: Date | null;
  tokenRenewable: boolean;
  needsReconnect: boolean;
}): Date | null {
  if (!connection.tokenExpiresAt) return null;
  return connection.tokenRenewable && !connection.needsReconnect ? null : connection.tokenExpiresAt;
}

/** A connection's health as the public API reports it. */
export const CONNECTION_STATUSES = ['connected', 'expiring', 'needs_reconnect'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
/** A connection whose deadline is this close is `expiring` (the token sweep's first warning). */
export const CONNECTION_EXPIRING_DAYS = 7;

/**
 * `needs_reconnect` when the network refused the connection or its deadline
 * (`reconnectDeadline`) has passed; `expiring` when the deadline is within
 * `CONNECTION_EXPIRING_DAYS`; `connected` otherwise.
 */
export function connectionStatusOf(
  connection: { tokenExpiresAt: Date | null; tokenRenewable: boolean; needsReconnect: boolean },
  now: Date,
): ConnectionStatus {
  const deadline = reconnectDeadline(connection);
  if (connection.needsReconnect || (deadline && deadline.getTime() <= now.getTime()))
    return 'needs_reconnect';
  if (deadline && deadline.getTime() - now.getTime() <= CONNECTION_EXPIRING_DAYS * 86_400_000)
    return 'expiring';
  return 'connected';
}

/** The networks with one-click connect (OAuth); Bluesky keeps handle and app password. */
export const OAUTH_NETWORK_IDS = [
  'twitter',
  'facebook',
  'linkedIn',
  'instagram',
  'threads',
] as const;
export type OAuthNetworkId = (typeof OAUTH_NETWORK_IDS)[number];

/** The short names on the one-click buttons ('Connect with X'). */
export const OAUTH_BUTTON_NAMES: Record<OAuthNetworkId, string> = {
  twitter: 'X',
  facebook: 'Facebook',
  linkedIn: 'LinkedIn',
  instagram: 'Instagram',
  threads: 'Threads',
};

export const OAUTH_MESSAGES = {
  connectWith: (network: string) => `Connect with ${network}`,
  notConfigured: (network: string) =>
    `One-click connect is not set up for ${network} on this server. Use the key form instead.`,
  stateInvalid: (network: string) =>
    `This ${network} sign-in link has expired or was already used. Start again with 'Connect with ${network}'.`,
  cancelled: (network: string) => `${network} was not connected: the permission was not given.`,
  failed: (network: string, reason: string) => `${network} could not be connected: ${reason}`,
  otherBrowser:
    'This connection was started in another browser. Start it again from the Socials dialog.',
  refused: (network: string) => `${network} could not be connected: the sign-in was refused.`,
  rateLimited: (network: string) =>
    `${network} could not be connected: it asked us to slow down. Try again in a few minutes.`,
  unreachable: (network: string) =>
    `${network} could not be connected: ${network} could not be reached. Try again in a minute.`,
  unexpected: (network: string) =>
    `${network} could not be connected: something unexpected happened. Try again.`,
  /** For an error code the web app does not know (a crafted or outdated link). */
  landingUnknown:
    'The connection could not be completed. Please try again from the Socials dialog.',
  choiceNotFound: 'This choice has expired. Start again with the Connect button.',
  noPages: 'No Facebook Page is managed by this account.',
  noInstagram: 'No Instagram professional account is linked to a Facebook Page of this account.',
  choose: (network: string) =>
    network === 'Instagram'
      ? 'Choose the Instagram account to connect'
      : 'Choose the Page to connect',
  advanced: 'Use your own keys instead (advanced)',
  adminHint: (variables: string) =>
    `Admin: set ${variables} to offer one-click connect for this network.`,
  blueskyAppPassword:
    'An app password is not your account password: create one in Bluesky under Settings, Privacy and security, App passwords.',
} as const;

export const OAuthStartRequestSchema = z.object({
  company_id: z.uuid({ error: 'Entity not found' }),
});
export const OAuthStartResultSchema = z.object({ authorize_url: z.string() });

/**
 * Which networks offer one-click connect on this server. `variables` (admins only) names
 * what would enable a network that does not.
 */
export const OAuthConfigSchema = z.object({
  networks: z.array(
    z.object({
      network: z.enum(OAUTH_NETWORK_IDS),
      enabled: z.boolean(),
      variables: z.optional(z.array(z.string())),
    }),
  ),
});
export type OAuthConfig = z.infer<typeof OAuthConfigSchema>;

/** After Facebook Login: the Pages (or Instagram accounts) the customer picks one of. */
export const OAuthChoicesSchema = z.object({
  company_id: z.string(),
  options: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type OAuthChoices = z.infer<typeof OAuthChoicesSchema>;

export const OAuthCompleteRequestSchema = z.object({
  pending_id: z.uuid({ error: 'This choice has expired' }),
  option_id: z.string().check(z.trim()).check(z.minLength(1, 'Choose one')).check(z.maxLength(200)),
});

const optionalText = z.optional(z.string().check(z.trim()).check(z.maxLength(4096)));

/**
 * The body of authenticate, save and disconnect: the network, the company and whichever
 * credential fields that network uses. Which fields are required is checked per network.
 */
export const ConnectionRequestSchema = z.object({
  social_account_type: z.enum(NETWORK_IDS, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? 'social_account_type is required'
        : CONNECTION_MESSAGES.unsupportedNetwork(
            typeof issue.input === 'string' ? issue.input : JSON.stringify(issue.input),
          ),
  }),
  company_id: z.uuid({ error: 'Entity not found' }),
  api_key: optionalText,
  api_secret: optionalText,
  client_id: optionalText,
  client_secret: optionalText,
  access_token: optionalText,
  page_id: optionalText,
  username: optionalText,
  grant_type: z.optional(
    z.literal('client_credentials', { error: 'grant_type must be client_credentials' }),
  ),
});
export type ConnectionRequest = z.infer<typeof ConnectionRequestSchema>;

export const FacebookPageSchema = z.object({ id: z.string(), name: z.string() });
export type FacebookPage = z.infer<typeof FacebookPageSchema>;

export const AuthenticateResultSchema = z.object({
  account_id: z.nullable(z.string()),
  account_name: z.nullable(z.string()),
  credentials: z.optional(z.object({ page_list: z.array(FacebookPageSchema) })),
});

export const SavedConnectionSchema = z.object({
  id: z.string(),
  success: z.literal(true),
  social_account: z.object({ key: z.enum(NETWORK_IDS), name: z.string() }),
  account_name: z.nullable(z.string()),
  connected_at: z.string(),
});
