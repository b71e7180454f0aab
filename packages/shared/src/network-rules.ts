import { NETWORK_IDS, NETWORK_NAMES, type NetworkId } from './networks.js';
import { BLUESKY_MAX_BYTES, NETWORK_TEXT_LIMITS, X_URL_WEIGHT } from './post-length.js';
import { MEDIA_MAX_BYTES, MEDIA_MIME_TYPES, MEDIA_NOTE } from './posts.js';
import { SCHEDULE_MESSAGES } from './schedules.js';

/**
 * Each network's text and media limits as one answer, for programs that write posts (the
 * MCP server's `get_network_rules`). Built from the rules the post form and the publisher
 * apply (`NETWORK_TEXT_LIMITS` and the counting in post-length.ts, the post form's media
 * rules, Instagram's need for media when scheduling), never a second copy of them.
 */
export interface NetworkRules {
  network: NetworkId;
  name: string;
  text: {
    /** The most the network takes, in `unit`. */
    limit: number;
    unit: string;
    /** How the network counts, in a sentence. */
    counting: string;
  };
  media: {
    /** A post carries at most this many files. */
    max_files: number;
    /** Scheduling to this network needs a media file. */
    required: boolean;
    types: readonly string[];
    max_bytes: number;
    note: string;
  };
}

const COUNTING: Record<NetworkId, { unit: string; counting: string }> = {
  twitter: {
    unit: 'weighted characters',
    counting: `twitter-text v3 weights: most Latin letters and punctuation weigh 1, other characters and each emoji 2, every link ${X_URL_WEIGHT}`,
  },
  bluesky: {
    unit: 'graphemes',
    counting: `characters as a reader sees them (an emoji is one), and at most ${BLUESKY_MAX_BYTES} UTF-8 bytes`,
  },
  threads: {
    unit: 'characters',
    counting: 'characters, where an emoji counts as its UTF-8 byte length',
  },
  linkedIn: { unit: 'characters', counting: 'Unicode code points' },
  instagram: {
    unit: 'characters',
    counting: 'Unicode code points; the link is part of the caption',
  },
  facebook: { unit: 'characters', counting: 'Unicode code points' },
};

/** Whether scheduling to the network needs a media file (the Schedule dialog refuses without). */
export function networkNeedsMedia(network: NetworkId): boolean {
  return network === 'instagram';
}

export function networkRules(): NetworkRules[] {
  return NETWORK_IDS.map((network) => ({
    network,
    name: NETWORK_NAMES[network],
    text: { limit: NETWORK_TEXT_LIMITS[network], ...COUNTING[network] },
    media: {
      max_files: 1,
      required: networkNeedsMedia(network),
      types: MEDIA_MIME_TYPES,
      max_bytes: MEDIA_MAX_BYTES,
      note: networkNeedsMedia(network) ? SCHEDULE_MESSAGES.instagramNeedsMedia : MEDIA_NOTE,
    },
  }));
}
