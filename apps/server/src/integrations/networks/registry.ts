import type { NetworkId } from '@cadence/shared';
import type { Config } from '../../config.js';
import { createBlueskyAdapter } from './bluesky.js';
import { createFacebookAdapter, listFacebookPages } from './facebook.js';
import { createInstagramAdapter, listInstagramAccounts } from './instagram.js';
import { createLinkedInAdapter } from './linkedin.js';
import { createThreadsAdapter } from './threads.js';
import type { NetworkAdapter, NetworkCredentials, NetworkSessionStore } from './types.js';
import { createXAdapter } from './x.js';

export interface FacebookPageWithToken {
  id: string;
  name: string;
  accessToken: string;
}

export interface NetworkRegistry {
  adapters: { [N in NetworkId]: NetworkAdapter<NetworkCredentials[N]> };
  listFacebookPages(input: {
    accessToken: string;
    appId: string;
    appSecret: string;
  }): Promise<FacebookPageWithToken[]>;
  /** Facebook Login for Instagram: the professional accounts linked to the user's Pages. */
  listInstagramAccounts(
    accessToken: string,
  ): Promise<Array<{ igUserId: string; pageName: string }>>;
}

/**
 * Every network's adapter, pointed at the configured hosts (local fakes in tests). Addresses
 * that come from a network's answer (a Bluesky account's PDS, a LinkedIn upload address) go
 * through the private-address guard, which lets `allowHosts` (FETCH_ALLOW_HOSTS) through.
 * `sessions` keeps login sessions (Bluesky's) for every process.
 */
export function createNetworkRegistry(
  config: Config['networks'],
  options: { allowHosts: readonly string[]; sessions?: NetworkSessionStore } = { allowHosts: [] },
): NetworkRegistry {
  const facebookConfig = { baseUrl: config.facebookGraphBaseUrl };
  const webUrls = config.webUrls;
  return {
    adapters: {
      twitter: createXAdapter({ baseUrl: config.xApiBaseUrl, webUrl: webUrls?.twitter }),
      facebook: createFacebookAdapter({ ...facebookConfig, webUrl: webUrls?.facebook }),
      linkedIn: createLinkedInAdapter({
        baseUrl: config.linkedInApiBaseUrl,
        allowHosts: options.allowHosts,
        webUrl: webUrls?.linkedIn,
      }),
      instagram: createInstagramAdapter({ baseUrl: config.instagramGraphBaseUrl }),
      bluesky: createBlueskyAdapter({
        serviceUrl: config.blueskyServiceUrl,
        allowHosts: options.allowHosts,
        webUrl: webUrls?.bluesky,
        ...(options.sessions ? { sessions: options.sessions } : {}),
      }),
      threads: createThreadsAdapter({ baseUrl: config.threadsApiBaseUrl }),
    },
    listFacebookPages: (input) => listFacebookPages(facebookConfig, input),
    listInstagramAccounts: (accessToken) =>
      listInstagramAccounts({ baseUrl: config.instagramGraphBaseUrl }, accessToken),
  };
}
