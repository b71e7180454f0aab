import type { PostLinkOrigin } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '../lib/queries/me';

export interface Features {
  /** 'on'; 'not_on_plan': shown locked with the way to upgrade; 'off': not offered at all. */
  ai: 'on' | 'not_on_plan' | 'off';
  newsSearch: boolean;
  webSearch: boolean;
  /** 'In 1 minute' leads the Schedule dialog's quick times (the demo and the e2e run). */
  scheduleInAMinute: boolean;
  /** The plan includes the public API (API keys in Settings > Developer Info). */
  api: boolean;
  /** Where this server also takes links to posts (the demo's stand-ins); none on a real one. */
  postLinkOrigins: readonly PostLinkOrigin[];
}

/**
 * What the signed-in customer can use, from the session check (`/customer/me`) that every
 * signed-in screen has already loaded. Unknown (an older server) means everything is offered.
 */
export function useFeatures(): Features {
  // Reads the cached session check without fetching it (the app shell loads it). Disabled, but
  // with the real query function: an observer's options become the query's, and a refetch
  // after a payment must not meet a stand-in function (it would fail the session check).
  const { data } = useQuery({ ...meQueryOptions(), enabled: false });
  const features = data?.features;
  return {
    ai: features?.ai ?? 'on',
    newsSearch: features?.news_search ?? true,
    webSearch: features?.web_search ?? true,
    scheduleInAMinute: features?.schedule_in_a_minute ?? false,
    api: features?.api ?? true,
    postLinkOrigins: data?.post_link_origins ?? [],
  };
}
