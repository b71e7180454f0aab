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

export const NETWORK_MESSAGES = {
  notInPlan: 'This network isn’t available on your current plan.',
  noneAvailable: 'No social networks available.',
} as const;
