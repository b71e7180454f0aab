// Gives the demo account's Settings page something to show: publishing attempts in Post Logs,
// AI calls in Developer Info, and the bell's notifications of the two failures; and the
// Scheduling page an occurrence that went partly wrong, so its Retry, Confirm absent and
// Mark published buttons can be tried. Written straight to the tables, as the publisher and
// the AI module would have written them.
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import {
  aiCallLogs,
  notificationEvents,
  posts,
  publications,
  scheduledInstances,
  schedules,
  socialConnections,
  systemLogs,
} from '../src/db/schema.js';

const HOUR = 3_600_000;

export async function seedDemoLogs(
  db: Db,
  input: { userId: string; companyId: string; now: Date },
) {
  const now = input.now.getTime();
  const [post] = await db
    .insert(posts)
    .values({
      userId: input.userId,
      companyId: input.companyId,
      content:
        'Our autumn single-origin is here: bright, nutty and roasted this morning by the harbour.',
    })
    .returning({ id: posts.id });
  const postId = post?.id ?? null;
  const attempt = (
    hoursAgo: number,
    platform: string,
    status: 'success' | 'error' | 'pending',
    message: string,
    extra: { errorCode?: string; retryCount?: number } = {},
  ) => ({
    userId: input.userId,
    postId,
    platform,
    status,
    message,
    errorCode: extra.errorCode ?? null,
    retryCount: extra.retryCount ?? 0,
    scheduledFor: new Date(now - hoursAgo * HOUR),
    createdAt: new Date(now - hoursAgo * HOUR + 5_000),
  });
  await db.insert(systemLogs).values([
    attempt(50, 'twitter', 'success', 'Published to X'),
    attempt(50, 'bluesky', 'success', 'Published to Bluesky'),
    attempt(50, 'linkedIn', 'pending', 'LinkedIn is busy; retrying shortly', {
      errorCode: 'transient',
      retryCount: 1,
    }),
    attempt(49, 'linkedIn', 'success', 'Published to LinkedIn', { retryCount: 2 }),
    attempt(26, 'instagram', 'error', 'Instagram publishes images and videos only', {
      errorCode: 'invalid',
    }),
    attempt(26, 'facebook', 'error', 'The Facebook token has expired. Reconnect the page.', {
      errorCode: 'auth',
    }),
    attempt(3, 'threads', 'pending', 'Threads rate limit reached; retrying in 60 s', {
      errorCode: 'rate_limited',
      retryCount: 1,
    }),
    attempt(2, 'threads', 'success', 'Published to Threads', { retryCount: 2 }),
  ]);
  if (postId !== null) await seedPartlyPublished(db, { ...input, postId, at: now - 26 * HOUR });
  // What the publisher would have recorded for the two failures (mailed already: no mail
  // goes out when the demo starts). The newer is unread.
  const event = (
    hoursAgo: number,
    kind: 'publication_failed' | 'connection_reconnect',
    network: 'instagram' | 'facebook',
    message: string,
    isRead: boolean,
  ) => ({
    userId: input.userId,
    workspaceId: input.userId,
    kind,
    postId,
    companyId: input.companyId,
    network,
    groupKey: `${input.companyId}:${network}`,
    message,
    mailState: 'sent' as const,
    mailedAt: new Date(now - hoursAgo * HOUR + 120_000),
    readAt: isRead ? new Date(now - hoursAgo * HOUR + 600_000) : null,
    createdAt: new Date(now - hoursAgo * HOUR + 5_000),
  });
  await db
    .insert(notificationEvents)
    .values([
      event(
        26,
        'publication_failed',
        'instagram',
        'Instagram publishes images and videos only',
        true,
      ),
      event(
        26,
        'connection_reconnect',
        'facebook',
        'The Facebook token has expired. Reconnect the page.',
        false,
      ),
    ]);
  const call = (
    minutesAgo: number,
    purpose: string,
    prompt: string,
    response: string | null,
    extra: { error?: string; warning?: string; tokens?: [number, number] } = {},
  ) => ({
    userId: input.userId,
    platform: 'OpenAI',
    model: 'gpt-4',
    purpose,
    prompt,
    response,
    responseTimeMs: 400 + ((minutesAgo * 37) % 900),
    inputTokens: extra.tokens?.[0] ?? null,
    outputTokens: extra.tokens?.[1] ?? null,
    error: extra.error ?? null,
    warning: extra.warning ?? null,
    createdAt: new Date(now - minutesAgo * 60_000),
  });
  await db.insert(aiCallLogs).values([
    call(
      3_000,
      'company-description',
      'Write a short description for Harbor Coffee Roasters, a hospitality business.',
      'Small-batch coffee roasted by the harbour every morning.',
      { tokens: [42, 18] },
    ),
    call(
      1_500,
      'hashtags',
      'Suggest 5 hashtags for: Our autumn single-origin is here.',
      '#coffee, #singleorigin, #autumn, #roasters, #harbor',
      { tokens: [35, 14] },
    ),
    call(
      600,
      'enhance',
      'Improve this post for X in a friendly tone: Our autumn single-origin is here.',
      'Autumn in a cup: our new single-origin is roasted this morning, bright and nutty.',
      { tokens: [58, 31], warning: 'The answer was trimmed to 280 characters' },
    ),
    call(90, 'generate', 'Write a post about our new oat latte.', null, {
      error: 'The AI service did not answer in time. Please try again.',
    }),
    call(20, 'generate', 'Write a post about our new oat latte.', 'Oat latte season is open.', {
      tokens: [40, 12],
    }),
  ]);
}

/**
 * Yesterday's occurrence of the post: out on X, refused by Instagram (a text-only post:
 * Retry), and unanswered by Facebook (the call may have landed: Confirm absent or Mark
 * published), so the post reads 'Partly published'.
 */
async function seedPartlyPublished(
  db: Db,
  input: { userId: string; companyId: string; postId: string; at: number },
) {
  const networks = ['twitter', 'instagram', 'facebook'] as const;
  const connections = await db
    .select({
      id: socialConnections.id,
      network: socialConnections.network,
      name: socialConnections.accountName,
    })
    .from(socialConnections)
    .where(
      and(
        eq(socialConnections.companyId, input.companyId),
        inArray(socialConnections.network, [...networks]),
      ),
    );
  const at = new Date(input.at);
  const [schedule] = await db
    .insert(schedules)
    .values({ userId: input.userId, postId: input.postId, networks: [...networks], firstAt: at })
    .returning({ id: schedules.id });
  const [instance] = await db
    .insert(scheduledInstances)
    .values({
      scheduleId: schedule!.id,
      postId: input.postId,
      userId: input.userId,
      scheduledFor: at,
      status: 'partial',
      completedAt: new Date(input.at + 60_000),
    })
    .returning({ id: scheduledInstances.id });
  const outcome = {
    twitter: { status: 'published', attempts: 1, publishedAt: new Date(input.at + 5_000) },
    instagram: {
      status: 'failed',
      attempts: 1,
      lastError: 'Instagram publishes images and videos only',
      errorCode: 'invalid',
    },
    facebook: {
      status: 'unconfirmed',
      attempts: 1,
      lastError: 'Facebook did not answer in time; the post may or may not be on the Page.',
      errorCode: 'unconfirmed',
    },
  } as const;
  await db.insert(publications).values(
    networks.map((network) => {
      const connection = connections.find((row) => row.network === network);
      return {
        instanceId: instance!.id,
        network,
        connectionId: connection?.id ?? null,
        accountName: connection?.name ?? null,
        ...outcome[network],
      };
    }),
  );
}
