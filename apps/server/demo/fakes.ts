// The local stand-ins the demo runs against: the same fakes the tests use, which check
// credentials and signatures like the real services and answer in their documented shapes.
import {
  oauthEnvFor,
  startFakeArticleSite,
  startFakeBluesky,
  startFakeFacebook,
  startFakeGoogleCse,
  startFakeInstagram,
  startFakeLinkedIn,
  startFakeMediastack,
  startFakeOpenAi,
  startFakeThreads,
  startFakeX,
  startStripeFake,
  type ChatCompletionRequest,
} from '@cadence/fakes';

/** Canned but plausible AI answers, chosen by what the prompt asks for. */
export function demoAiReply(request: ChatCompletionRequest): { text: string } {
  const prompt = request.messages.map((message) => message.content.toLowerCase()).join('\n');
  if (prompt.includes('hashtag') && prompt.includes('comma'))
    return { text: '#SmallBusiness, #Marketing, #SocialMedia, #Growth, #Community' };
  if (prompt.includes('website') && prompt.includes('description'))
    return {
      text: 'A friendly neighbourhood business that helps its customers with care and expertise, known for quick service and honest advice.',
    };
  return {
    text: 'Big news from our team: we have just launched something our customers asked for. Take a look and tell us what you think!',
  };
}

/**
 * The stand-ins' accounts carry the demo entities' names (demo/seed.ts): every network's
 * account is Harbor Coffee Roasters', the second Facebook Page is Northwind Bikes' and the
 * third Lumen Studio's.
 */
const HARBOR = { name: 'Harbor Coffee Roasters', username: 'harborcoffee' };

/** The demo's Stripe account: the stand-in accepts any `sk_` key and signs with this secret. */
const DEMO_STRIPE = { secretKey: 'sk_test_cadence_demo', webhookSecret: 'whsec_cadence_demo' };

/**
 * Where the demo says each network's website is: its stand-in. A published post's link opens
 * the stand-in's page for it, not the real website (Instagram's and Threads' permalinks are
 * on their stand-ins too), and 'mark published' takes the links the stand-ins give.
 */
export function standInWebUrls(fakes: {
  x: { baseUrl: string };
  facebook: { origin: string };
  instagram: { origin: string };
  linkedIn: { baseUrl: string };
  bluesky: { baseUrl: string };
  threads: { origin: string };
}) {
  return {
    X_WEB_URL: fakes.x.baseUrl,
    FACEBOOK_WEB_URL: fakes.facebook.origin,
    LINKEDIN_WEB_URL: fakes.linkedIn.baseUrl,
    BLUESKY_WEB_URL: fakes.bluesky.baseUrl,
    INSTAGRAM_WEB_URL: fakes.instagram.origin,
    THREADS_WEB_URL: fakes.threads.origin,
  };
}

/**
 * Starts every stand-in. `stripeWebhookUrl` is where the Stripe stand-in's Checkout page
 * sends its signed events when the customer pays (the demo server's webhook).
 */
/**
 * Where the demo lets webhooks go on this machine: a receiver on port 9099 (README: "Try
 * the API on the demo"). Any other local address stays refused, as in production.
 */
export const DEMO_WEBHOOK_RECEIVER_PORT = 9099;
const DEMO_WEBHOOK_RECEIVER_HOSTS = [
  `127.0.0.1:${DEMO_WEBHOOK_RECEIVER_PORT}`,
  `localhost:${DEMO_WEBHOOK_RECEIVER_PORT}`,
];

export async function startDemoFakes(
  options: {
    stripeWebhookUrl?: string;
    /**
     * How much faster than real time the stand-ins' metric numbers grow (1: real time): with
     * METRICS_POLL_SCALE at its inverse, the demo shows a post's first days in minutes.
     */
    metricsClockScale?: number;
  } = {},
) {
  // The pages the news and web results link to, so 'Scan URL' and 'From Articles' read a
  // real article without the internet.
  const articles = await startFakeArticleSite();
  const [x, facebook, instagram, linkedIn, bluesky, threads, openai, news, web, stripe] =
    await Promise.all([
      startFakeX({ user: HARBOR }),
      startFakeFacebook({ pageNames: [HARBOR.name, 'Northwind Bikes', 'Lumen Studio'] }),
      startFakeInstagram({ user: { name: HARBOR.name, username: 'harbor.coffee' } }),
      startFakeLinkedIn({ memberName: HARBOR.name }),
      startFakeBluesky({ handle: 'harborcoffee.bsky.social' }),
      startFakeThreads({ user: { name: HARBOR.name, username: 'harbor.coffee' } }),
      startFakeOpenAi(demoAiReply, 'demo-openai-key'),
      startFakeMediastack('demo-mediastack-key', { articleOrigin: articles.origin }),
      startFakeGoogleCse('demo-cse-key', 'demo-cse-engine', { articleOrigin: articles.origin }),
      startStripeFake({
        webhookSecret: DEMO_STRIPE.webhookSecret,
        ...(options.stripeWebhookUrl
          ? { hostedCheckout: { webhookUrl: options.stripeWebhookUrl } }
          : {}),
      }),
    ]);
  const scale = options.metricsClockScale ?? 1;
  if (scale !== 1) {
    const started = Date.now();
    const clock = () => started + (Date.now() - started) * scale;
    for (const fake of [x, facebook, instagram, linkedIn, bluesky, threads]) {
      fake.metrics.useClock(clock);
    }
  }
  return {
    /** Where the article pages live (tests read one through the product). */
    articleOrigin: articles.origin,
    credentials: {
      twitter: x.validCredentials,
      facebook: facebook.validCredentials,
      instagram: instagram.validCredentials,
      linkedIn: linkedIn.validCredentials,
      bluesky: bluesky.validCredentials,
      threads: threads.validCredentials,
    },
    env: {
      X_API_BASE_URL: x.baseUrl,
      FACEBOOK_GRAPH_BASE_URL: facebook.baseUrl,
      INSTAGRAM_GRAPH_BASE_URL: instagram.baseUrl,
      LINKEDIN_API_BASE_URL: linkedIn.baseUrl,
      BLUESKY_SERVICE_URL: bluesky.baseUrl,
      THREADS_API_BASE_URL: threads.baseUrl,
      ...standInWebUrls({ x, facebook, instagram, linkedIn, bluesky, threads }),
      // One-click connect for every network but Bluesky, through the stand-ins' consent pages.
      ...oauthEnvFor({ twitter: x, facebook, linkedIn, threads }),
      OPENAI_API_KEY: 'demo-openai-key',
      OPENAI_BASE_URL: openai.baseUrl,
      MEDIASTACK_ACCESS_KEY: news.accessKey,
      MEDIASTACK_BASE_URL: news.baseUrl,
      GOOGLE_CSE_KEY: 'demo-cse-key',
      GOOGLE_CSE_CX: 'demo-cse-engine',
      GOOGLE_CSE_BASE_URL: web.baseUrl,
      // The article site is on this machine's loopback address, which the fetch guard
      // refuses: the demo lets that one host:port through, and the port a webhook receiver
      // of the person trying the demo listens on (README), and nothing else.
      FETCH_ALLOW_HOSTS: [
        process.env.FETCH_ALLOW_HOSTS,
        articles.host,
        ...DEMO_WEBHOOK_RECEIVER_HOSTS,
      ]
        .filter(Boolean)
        .join(','),
      // Plans are bought through Stripe's own code path (Checkout, signed webhook events,
      // the session read on return) against the stand-in's Checkout page.
      STRIPE_SECRET_KEY: DEMO_STRIPE.secretKey,
      STRIPE_WEBHOOK_SECRET: DEMO_STRIPE.webhookSecret,
      STRIPE_API_BASE: stripe.origin,
    },
    async close() {
      await Promise.all(
        [
          x,
          facebook,
          instagram,
          linkedIn,
          bluesky,
          threads,
          openai,
          news,
          web,
          stripe,
          articles,
        ].map((fake) => fake.close()),
      );
    },
  };
}
