import { z } from 'zod/mini';
import { issueCode } from './error-codes.js';
import type { NetworkId } from './networks.js';
import type { PublicationStatus } from './schedules.js';
import { ScheduleDataSchema } from './schedules.js';

// ---- What the customer can do about one network's publication (decision 091) -------------

/**
 * The screen's actions on a publication, each allowed only from the states listed: a
 * failed (or missed) one can be retried; an unconfirmed one checked by the customer either
 * way; a pending one sent at once. The server's conditional UPDATE uses the same list.
 */
export const PUBLICATION_ACTIONS = {
  retry: ['failed', 'missed'],
  'confirm-absent': ['unconfirmed'],
  'mark-published': ['unconfirmed'],
  'publish-now': ['pending'],
} as const satisfies Record<string, readonly PublicationStatus[]>;
export type PublicationAction = keyof typeof PUBLICATION_ACTIONS;

/**
 * The actions a publication in `status` offers, in the order the screen shows them. Missed
 * for want of approval (`NOT_APPROVED`), it offers Publish now: the server sends it once the
 * post is approved.
 */
export function publicationActionsFor(
  status: PublicationStatus,
  errorCode?: string | null,
): PublicationAction[] {
  if (status === 'missed' && errorCode === 'NOT_APPROVED') return ['publish-now'];
  return (Object.keys(PUBLICATION_ACTIONS) as PublicationAction[]).filter((action) =>
    (PUBLICATION_ACTIONS[action] as readonly PublicationStatus[]).includes(status),
  );
}

/** Button labels, as the screen shows them. */
export const PUBLICATION_ACTION_LABELS: Record<PublicationAction, string> = {
  retry: 'Retry',
  'confirm-absent': 'I checked: it is not on the network, post it',
  'mark-published': 'It is there, mark published',
  'publish-now': 'Publish now',
};

export const PUBLICATION_MESSAGES = {
  notFound: 'Publication not found',
  /** The answer of each action, shown as a toast. */
  done: {
    retry: 'Retry requested: the post goes out in a moment.',
    'confirm-absent': 'Posting it now.',
    'mark-published': 'Marked published.',
    'publish-now': 'Publishing now.',
  } satisfies Record<PublicationAction, string>,
  /** The customer's post logs: who did what. */
  log: {
    retry: 'Retry requested by you',
    'confirm-absent': 'You checked it is not on the network: posting it again',
    'mark-published': 'Marked published by you',
    'publish-now': 'Publish now requested by you',
  } satisfies Record<PublicationAction, string>,
  failed: 'The action could not be done. Try again.',
  linkRequired: 'Paste the link to the post',
  linkInvalid: 'Paste the full link to the post, starting with https://',
  linkNotOnNetwork: (network: string) =>
    `That link is not on ${network}. Paste the link to the post on ${network}.`,
  dialogTitle: 'Mark published',
  dialogDescription: (network: string) =>
    `Paste the link to the post on ${network}, so it shows as published with its link.`,
  linkLabel: 'Link to the post',
} as const;

/** Why an action no longer applies: the publication moved on (another click, another tab). */
export function publicationConflictMessage(status: PublicationStatus): string {
  switch (status) {
    case 'publishing':
      return 'This post is already being published.';
    case 'published':
      return 'This post is already published.';
    case 'pending':
      return 'This post is already waiting to be published.';
    case 'failed':
      return 'This post has failed. Use Retry to post it again.';
    case 'missed':
      return 'This post was missed. Use Retry to post it.';
    case 'unconfirmed':
      return 'This post may already be on the network. Check the account first.';
    case 'cancelled':
      return 'This post was cancelled.';
  }
}

/**
 * Where each network shows its posts: a link the customer pastes for 'mark published' must
 * be on one of these hosts (or a subdomain, such as www. or m.).
 */
const NETWORK_POST_HOSTS: Record<NetworkId, readonly string[]> = {
  twitter: ['x.com', 'twitter.com'],
  facebook: ['facebook.com', 'fb.com', 'fb.watch'],
  linkedIn: ['linkedin.com', 'lnkd.in'],
  instagram: ['instagram.com', 'instagr.am'],
  bluesky: ['bsky.app'],
  threads: ['threads.net', 'threads.com'],
};

const LINK_MAX = 2048;

/**
 * Where this server is told a network's website is (`X_WEB_URL` and the like), as origins:
 * a link on one is a link to a post there too. The demo points them at its stand-ins
 * (`http://127.0.0.1:<port>`), whose pages are where its posts are.
 */
export interface PostLinkOrigin {
  /** A network id (a plain string on the wire: `MeSchema`). */
  network: string;
  origin: string;
}

/**
 * The origins of configured website addresses that the networks' own hosts do not cover
 * (`[{ network: 'twitter', origin: 'http://127.0.0.1:4100' }]` in the demo; none with the
 * real websites).
 */
export function postLinkOriginsOf(webUrls: Partial<Record<NetworkId, string>>): PostLinkOrigin[] {
  const origins: PostLinkOrigin[] = [];
  for (const [network, webUrl] of Object.entries(webUrls) as [NetworkId, string][]) {
    const url = webLink(webUrl);
    if (url !== null && postLinkProblem(network, url.href) !== null)
      origins.push({ network, origin: url.origin });
  }
  return origins;
}

/** An absolute http or https address, or null. */
function webLink(value: string): URL | null {
  if (!URL.canParse(value)) return null;
  const url = new URL(value);
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== ''
    ? url
    : null;
}

/**
 * What is wrong with `link` as the address of a post on `network`, or null: it must be an
 * https address on one of the network's hosts (or a subdomain, such as www. or m.), or an
 * address on one of the origins configured for the network. 'invalid' is not a full https
 * link; 'not-on-network' is a link elsewhere (another network's configured origin included).
 */
export function postLinkProblem(
  network: NetworkId,
  link: string,
  configured: readonly PostLinkOrigin[] = [],
): 'invalid' | 'not-on-network' | null {
  const url = webLink(link.trim());
  if (url === null) return 'invalid';
  const onOrigin = configured.filter((entry) => entry.origin === url.origin);
  if (onOrigin.some((entry) => entry.network === network)) return null;
  // http on another network's configured origin is a link elsewhere, not a half link.
  if (url.protocol !== 'https:') return onOrigin.length > 0 ? 'not-on-network' : 'invalid';
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const isOnNetwork = NETWORK_POST_HOSTS[network].some(
    (domain) => host === domain || host.endsWith(`.${domain}`),
  );
  return isOnNetwork ? null : 'not-on-network';
}

export const PublicationIdParamsSchema = z.object({
  id: z.uuid({ error: PUBLICATION_MESSAGES.notFound }),
});

/**
 * The body of mark-published: a web address. Whether it is a post's on the publication's
 * network (https on its hosts, or a configured origin) is `postLinkProblem`, checked by the
 * server, which knows the configured origins.
 */
export const MarkPublishedSchema = z.object({
  url: z
    .string({ error: PUBLICATION_MESSAGES.linkRequired })
    .check(z.trim())
    .check(z.minLength(1, PUBLICATION_MESSAGES.linkRequired))
    .check(z.maxLength(LINK_MAX, PUBLICATION_MESSAGES.linkInvalid))
    .check(
      z.refine((value) => value === '' || webLink(value) !== null, {
        message: PUBLICATION_MESSAGES.linkInvalid,
        ...issueCode('INVALID_URL'),
      }),
    ),
});
export type MarkPublished = z.input<typeof MarkPublishedSchema>;

export const PublicationActionResultSchema = z.object({
  publication: ScheduleDataSchema,
  /** The occurrence's status after the action (pending again, or its outcome). */
  instance_status: z.string(),
});
export type PublicationActionResult = z.infer<typeof PublicationActionResultSchema>;
