import type { startFakeFacebook } from './facebook.js';
import type { startFakeLinkedIn } from './linkedin.js';
import type { startFakeThreads } from './threads.js';
import type { startFakeX } from './x.js';

/** The OAuth configuration that points each network's one-click connect at its fake. */
export function oauthEnvFor(fakes: {
  twitter: Awaited<ReturnType<typeof startFakeX>>;
  facebook: Awaited<ReturnType<typeof startFakeFacebook>>;
  linkedIn: Awaited<ReturnType<typeof startFakeLinkedIn>>;
  threads: Awaited<ReturnType<typeof startFakeThreads>>;
}): Record<string, string> {
  return {
    X_CLIENT_ID: fakes.twitter.oauth.app.clientId,
    X_CLIENT_SECRET: fakes.twitter.oauth.app.clientSecret,
    X_AUTHORIZE_URL: fakes.twitter.authorizeUrl,
    LINKEDIN_CLIENT_ID: fakes.linkedIn.oauth.app.clientId,
    LINKEDIN_CLIENT_SECRET: fakes.linkedIn.oauth.app.clientSecret,
    LINKEDIN_AUTHORIZE_URL: fakes.linkedIn.authorizeUrl,
    LINKEDIN_OAUTH_BASE_URL: fakes.linkedIn.baseUrl,
    FACEBOOK_CLIENT_ID: fakes.facebook.oauth.app.clientId,
    FACEBOOK_CLIENT_SECRET: fakes.facebook.oauth.app.clientSecret,
    FACEBOOK_AUTHORIZE_URL: fakes.facebook.authorizeUrl,
    THREADS_CLIENT_ID: fakes.threads.oauth.app.clientId,
    THREADS_CLIENT_SECRET: fakes.threads.oauth.app.clientSecret,
    THREADS_AUTHORIZE_URL: fakes.threads.authorizeUrl,
    THREADS_OAUTH_BASE_URL: fakes.threads.origin,
  };
}
