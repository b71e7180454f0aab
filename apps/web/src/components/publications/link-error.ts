import type { NetworkId, PostLinkOrigin } from '@cadence/shared';
import {
  MarkPublishedSchema,
  NETWORK_NAMES,
  postLinkProblem,
  PUBLICATION_MESSAGES,
} from '@cadence/shared';

/**
 * What is wrong with a pasted link to a network's post, or undefined: the same schema and
 * rule the server applies, with the origins the server accepts besides the networks' own
 * hosts (`/customer/me`'s post_link_origins: the demo's stand-ins), so the dialog says it
 * before the request.
 */
export function linkError(
  network: NetworkId,
  value: string,
  configured: readonly PostLinkOrigin[] = [],
): string | undefined {
  const parsed = MarkPublishedSchema.safeParse({ url: value });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? PUBLICATION_MESSAGES.linkInvalid;
  const problem = postLinkProblem(network, parsed.data.url, configured);
  if (problem === 'invalid') return PUBLICATION_MESSAGES.linkInvalid;
  if (problem === 'not-on-network') {
    return PUBLICATION_MESSAGES.linkNotOnNetwork(NETWORK_NAMES[network]);
  }
  return undefined;
}
