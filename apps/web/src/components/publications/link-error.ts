import type { NetworkId } from '@cadence/shared';
import {
  isNetworkPostLink,
  MarkPublishedSchema,
  NETWORK_NAMES,
  PUBLICATION_MESSAGES,
} from '@cadence/shared';

/**
 * What is wrong with a pasted link to a network's post, or undefined: the same schema and
 * host rule the server applies, so the dialog says it before the request.
 */
export function linkError(network: NetworkId, value: string): string | undefined {
  const parsed = MarkPublishedSchema.safeParse({ url: value });
  if (!parsed.success) return parsed.error.issues[0]?.message ?? PUBLICATION_MESSAGES.linkInvalid;
  if (!isNetworkPostLink(network, parsed.data.url)) {
    return PUBLICATION_MESSAGES.linkNotOnNetwork(NETWORK_NAMES[network]);
  }
  return undefined;
}
