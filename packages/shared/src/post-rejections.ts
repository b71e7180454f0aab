import { NETWORK_TEXT_NAMES, type NetworkId } from './networks.js';
import {
  BLUESKY_MAX_BYTES,
  measurePostLength,
  type PostLength,
  type PostTextExtras,
} from './post-length.js';

// In a file of its own: only the post form and the import use it, so a screen that measures
// text does not carry it.
/**
 * The networks among `networks` that would refuse their text (`content`, or their own),
 * measured their way, with the link counted where the network puts it into the text.
 */
export function findRejections(
  content: string,
  networks: readonly NetworkId[],
  extras: PostTextExtras = {},
  /** A network's own text ('Customize for X') is measured instead of `content`. */
  variants: Partial<Record<NetworkId, string>> = {},
): PostLength[] {
  return networks
    .map((network) => measurePostLength(network, variants[network] ?? content, extras))
    .filter((item) => item.isOver);
}

/** 'X would reject this post: 312/280 characters.' */
export function describeRejection(item: PostLength): string {
  const name = NETWORK_TEXT_NAMES[item.network];
  if (item.length <= item.limit) {
    return `${name} would reject this post: it is over ${BLUESKY_MAX_BYTES} bytes.`;
  }
  return `${name} would reject this post: ${item.length}/${item.limit} characters.`;
}
