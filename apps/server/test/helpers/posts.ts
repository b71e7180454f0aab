import type { NetworkId, ScheduledInstance } from '@cadence/shared';
import { postAttachments, posts } from '../../src/db/schema.js';
import { makePng } from './images.js';
import { accountIdOf, postJson, type TestApp } from './test-app.js';

/**
 * Inserts a post straight into the database, with an optional PNG attachment written to the
 * app's storage as an upload would be. Not through the posts service on purpose: these
 * posts are fixtures of scheduling and publishing tests (one may have no entity), dated by
 * the database and not counted against the month's posts.
 */
export async function createPost(
  t: TestApp,
  input: {
    email: string;
    companyId: string | null;
    content: string;
    url?: string | null;
    shortenedUrl?: string | null;
    withImage?: boolean;
  },
) {
  const { db } = t.infra.database;
  const userId = await accountIdOf(t, input.email);
  const [post] = await db
    .insert(posts)
    .values({
      userId,
      companyId: input.companyId,
      content: input.content,
      url: input.url ?? null,
      shortenedUrl: input.shortenedUrl ?? null,
      urlShortened: !!input.shortenedUrl,
    })
    .returning();
  if (!post) throw new Error('insert returned no post');
  let image: { bytes: Buffer; mediaUrl: string } | undefined;
  if (input.withImage) {
    const bytes = makePng(64, 64);
    // Wherever the app keeps its files: the local folder, or its bucket.
    const stored = await t.container.infra.storage.save('media', 'png', bytes);
    await db.insert(postAttachments).values({
      postId: post.id,
      mediaUrl: stored.url,
      storageKey: stored.key,
      name: 'picture.png',
      mimeType: 'image/png',
      sizeBytes: bytes.length,
    });
    image = { bytes, mediaUrl: stored.url };
  }
  return { id: post.id, userId, image };
}

/**
 * A fixture post scheduled through `POST /schedules` a minute from the test clock's now, to
 * the given networks; answers its first instance's id and its text.
 */
export async function scheduleSoon(
  t: TestApp,
  input: {
    token: string;
    email: string;
    companyId: string;
    networks: NetworkId[];
    content: string;
  },
) {
  const created = await createPost(t, {
    email: input.email,
    companyId: input.companyId,
    content: input.content,
  });
  const response = await postJson(
    t.app,
    '/schedules',
    {
      social_account_type: input.networks,
      post_id: created.id,
      schedule_date: new Date(t.clock().getTime() + 60_000).toISOString(),
    },
    { authorization: `Bearer ${input.token}` },
  );
  if (response.status !== 201) throw new Error(`schedule failed: ${response.body}`);
  const data = response.json.data as unknown as { instances: ScheduledInstance[] };
  return { instanceId: data.instances[0]!.id, content: input.content };
}
