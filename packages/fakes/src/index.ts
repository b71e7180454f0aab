// The stand-ins for the outside world: local HTTP servers that answer like the real services
// (checking credentials and signatures, in their documented shapes) and can be told to fail.
// The demo serves them in place of the networks, AI, search, TinyURL and Stripe; the tests,
// e2e and the benchmarks start them too. This file is the package's only public surface.

// The six networks, each with its consent page and token endpoint for one-click connect.
export { startFakeX, type FakeXMedia, type FakeXPost } from './x.js';
export {
  startFakeFacebook,
  type FakeFacebookCredentials,
  type FakeFacebookPost,
} from './facebook.js';
export {
  startFakeInstagram,
  type FakeInstagramCredentials,
  type FakeInstagramPost,
} from './instagram.js';
export {
  startFakeLinkedIn,
  type FakeLinkedInComment,
  type FakeLinkedInEndpoint,
  type FakeLinkedInPost,
} from './linkedin.js';
export { startFakeBluesky, type FakeBlueskyPost } from './bluesky.js';
export { startFakeThreads, type FakeThreadsContainer, type FakeThreadsPost } from './threads.js';
export { oauthEnvFor } from './oauth-env.js';
/** The numbers the stand-ins' metric reads answer (growing with a post's age). */
export {
  createFakeMetrics,
  fakeFollowerCount,
  fakeMetricCounts,
  type FakeMetricCounts,
  type FakeMetrics,
} from './metrics.js';
/** The handle a stand-in gives an account named through its consent page (the demo's entities). */
export { handleOf } from './oauth.js';

// AI, search, the URL shortener and payments.
export { startFakeOpenAi, type ChatCompletionRequest } from './openai.js';
export {
  makeNewsArticles,
  startFakeMediastack,
  type FakeMediastackFailure,
  type FakeNewsArticle,
} from './mediastack.js';
export {
  makeCseItems,
  startFakeGoogleCse,
  type FakeCseItem,
  type FakeGoogleCseFailure,
} from './google-cse.js';
export { startFakeTinyUrl, type FakeTinyUrlFailure } from './tinyurl.js';
export { startStripeFake, type RecordedStripeRequest, type StripeFake } from './stripe.js';

// A company's website (what the AI reads a description from), and the article pages the
// demo's news and web search results link to.
export { startTestWebsite } from './website.js';
export { articleText, startFakeArticleSite } from './article-site.js';

// Tools: a proxy that puts latency and failures in front of a stand-in, and a bare fake
// HTTP server for a service with no stand-in of its own.
export {
  CHAOS_FAILURES,
  seededRandom,
  startChaosProxy,
  type ChaosFailure,
  type ChaosOptions,
  type ChaosProxy,
} from './chaos-proxy.js';
export { startFakeHttp, type FakeAnswer, type FakeRequest } from './fake-http.js';
