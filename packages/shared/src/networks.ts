/** Network ids exactly as the spec names them (note the capital I in linkedIn). */
export const NETWORK_IDS = [
  'twitter',
  'facebook',
  'linkedIn',
  'instagram',
  'bluesky',
  'threads',
] as const;
export type NetworkId = (typeof NETWORK_IDS)[number];

export const NETWORK_NAMES: Record<NetworkId, string> = {
  twitter: 'X/Twitter',
  facebook: 'Facebook',
  linkedIn: 'LinkedIn',
  instagram: 'Instagram',
  bluesky: 'Bluesky',
  threads: 'Threads',
};

/**
 * The name inside a sentence ('X would reject this post'): the network's name today. Labels
 * and the spec's own templates keep NETWORK_NAMES ('X/Twitter', the spec's display name).
 */
export const NETWORK_TEXT_NAMES: Record<NetworkId, string> = {
  ...NETWORK_NAMES,
  twitter: 'X',
};

export const NETWORK_MESSAGES = {
  notInPlan: 'This network isn’t available on your current plan.',
  noneAvailable: 'No social networks available.',
} as const;
