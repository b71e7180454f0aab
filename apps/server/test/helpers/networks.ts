import type { NetworkId } from '@cadence/shared';
import {
  oauthEnvFor,
  startFakeBluesky,
  startFakeFacebook,
  startFakeInstagram,
  startFakeLinkedIn,
  startFakeThreads,
  startFakeX,
} from '@cadence/fakes';
import { postJson, type TestApp } from './test-app.js';

export async function startNetworkFakes() {
  const fakes = {
    twitter: await startFakeX(),
    facebook: await startFakeFacebook(),
    linkedIn: await startFakeLinkedIn(),
    instagram: await startFakeInstagram({ pollsInProgress: 0 }),
    bluesky: await startFakeBluesky(),
    threads: await startFakeThreads(),
  };
  return {
    ...fakes,
    /** The environment that points every adapter at its fake. */
    env: {
      X_API_BASE_URL: fakes.twitter.baseUrl,
      FACEBOOK_GRAPH_BASE_URL: fakes.facebook.baseUrl,
      LINKEDIN_API_BASE_URL: fakes.linkedIn.baseUrl,
      INSTAGRAM_GRAPH_BASE_URL: fakes.instagram.baseUrl,
      BLUESKY_SERVICE_URL: fakes.bluesky.baseUrl,
      THREADS_API_BASE_URL: fakes.threads.baseUrl,
    },
    /** One-click connect (OAuth) against the fakes' consent pages and token endpoints. */
    oauthEnv: oauthEnvFor(fakes),
    async close() {
      await Promise.all(Object.values(fakes).map((fake) => fake.close()));
    },
  };
}
export type NetworkFakes = Awaited<ReturnType<typeof startNetworkFakes>>;

/** The fields of /social-accounts/save (spec 000 section 7) that each fake accepts. */
export function connectionFields(fakes: NetworkFakes, network: NetworkId): Record<string, string> {
  switch (network) {
    case 'twitter': {
      const c = fakes.twitter.validCredentials;
      return {
        api_key: c.apiKey,
        api_secret: c.apiSecret,
        client_id: c.accessToken,
        client_secret: c.accessTokenSecret,
      };
    }
    case 'facebook': {
      const c = fakes.facebook.validCredentials;
      return {
        client_id: c.appId,
        client_secret: c.appSecret,
        access_token: c.accessToken,
        page_id: c.pageId,
      };
    }
    case 'linkedIn': {
      const c = fakes.linkedIn.validCredentials;
      return { client_id: c.clientId, client_secret: c.clientSecret, access_token: c.accessToken };
    }
    case 'instagram':
      return { access_token: fakes.instagram.validCredentials.accessToken };
    case 'bluesky': {
      const c = fakes.bluesky.validCredentials;
      return { username: c.username, client_secret: c.appPassword };
    }
    case 'threads': {
      const c = fakes.threads.validCredentials;
      return { access_token: c.accessToken, client_secret: c.clientSecret };
    }
  }
}

/** Connects a company to networks through the real API, against the fakes. */
export async function connectNetworks(
  t: TestApp,
  fakes: NetworkFakes,
  token: string,
  companyId: string,
  networks: readonly NetworkId[],
) {
  for (const network of networks) {
    const response = await postJson(
      t.app,
      '/social-accounts/save',
      { social_account_type: network, company_id: companyId, ...connectionFields(fakes, network) },
      { authorization: `Bearer ${token}` },
    );
    if (response.status !== 200) throw new Error(`connect ${network} failed: ${response.body}`);
  }
}

export async function createCompany(t: TestApp, token: string, name = 'Acme') {
  const created = await postJson(
    t.app,
    '/customer/company',
    { name, website: 'acme.example.com' },
    { authorization: `Bearer ${token}` },
  );
  if (created.status !== 201) throw new Error(`company failed: ${created.body}`);
  return (created.json.data as { id: string }).id;
}
