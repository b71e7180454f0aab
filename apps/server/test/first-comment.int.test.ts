import {
  API_PATHS,
  POST_VARIANT_MESSAGES,
  type Post,
  type ScheduledInstance,
} from '@cadence/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicationParts, publications, scheduledInstances } from '../src/db/schema.js';
import { apiClient, apiForm } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import { makePng } from './helpers/images.js';
import {
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

describe.each(engines)('first comments on %s', (engine) => {
  let fakes: NetworkFakes;
  let t: TestApp;
  let token: string;
  let companyId: string;
  let sequence = 0;
  const { call } = apiClient(() => t.app);

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, {
      env: { ...fakes.env, PUBLISH_RETRY_BASE_MS: '10', FIRST_COMMENT_DELAY_SECONDS: '90' },
    });
    token = await createVerifiedAccount(t, { email: 'comments@example.com' });
    await setTierByCommand(t, 'comments@example.com', 'enterprise');
    companyId = await createCompany(t, token);
    await connectNetworks(t, fakes, token, companyId, ['facebook', 'instagram', 'linkedIn']);
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const db = () => t.infra.database.db;

  async function scheduleWithComment(networks: string[], comment: string, withImage = false) {
    const content = `Post ${++sequence} with a comment`;
    const fields = [
      { name: 'company_id', value: companyId },
      { name: 'content', value: content },
      { name: 'first_comment', value: comment },
    ];
    const created = await apiForm<Post>(t.app, 'POST', API_PATHS.posts, token, [
      ...fields,
      ...(withImage
        ? [{ name: 'media', filename: 'p.png', type: 'image/png', bytes: makePng(64, 64) }]
        : []),
    ]);
    expect(created.status, created.body).toBe(201);
    expect(created.json.data.first_comment).toBe(comment.trim());
    const scheduled = await call<{ instances: ScheduledInstance[] }>('POST', '/schedules', token, {
      post_id: created.json.data.id,
      social_account_type: networks,
      schedule_date: new Date(t.clock().getTime() + 5 * 60_000).toISOString(),
    });
    expect(scheduled.status, scheduled.body).toBe(201);
    return { content, instanceId: scheduled.json.data.instances[0]!.id };
  }
  const publicationOf = async (
    instanceId: string,
    network: 'facebook' | 'instagram' | 'linkedIn',
  ) =>
    (
      await db()
        .select()
        .from(publications)
        .where(and(eq(publications.instanceId, instanceId), eq(publications.network, network)))
    )[0]!;
  const commentOf = async (publicationId: string) =>
    (
      await db()
        .select()
        .from(publicationParts)
        .where(
          and(
            eq(publicationParts.publicationId, publicationId),
            eq(publicationParts.kind, 'comment'),
          ),
        )
    )[0];

  it('posts the comment under the post after the delay, as its own job', async () => {
    const { content, instanceId } = await scheduleWithComment(
      ['facebook', 'instagram'],
      '  Link in the first comment: example.com  ',
      true,
    );
    t.clock.advance(600);
    await t.publisher.publishInstance(instanceId);
    const facebook = await publicationOf(instanceId, 'facebook');
    expect(facebook.status).toBe('published');
    const waiting = await commentOf(facebook.id);
    expect(waiting).toMatchObject({
      status: 'pending',
      content: 'Link in the first comment: example.com',
    });
    expect(waiting!.dueAt!.getTime() - t.clock().getTime()).toBe(90_000);
    expect(fakes.facebook.comments.some((c) => c.postId === facebook.externalId)).toBe(false);

    // Too early: nothing is posted.
    await t.publisher.publishFirstComment(facebook.id);
    expect(fakes.facebook.comments.some((c) => c.postId === facebook.externalId)).toBe(false);

    t.clock.advance(91);
    await t.publisher.publishFirstComment(facebook.id);
    await t.publisher.publishFirstComment(facebook.id); // a duplicate job comments nothing more
    const instagram = await publicationOf(instanceId, 'instagram');
    await t.publisher.publishFirstComment(instagram.id);
    expect(
      fakes.facebook.comments.filter((c) => c.postId === facebook.externalId).map((c) => c.message),
    ).toEqual(['Link in the first comment: example.com']);
    expect(
      fakes.instagram.comments
        .filter((c) => c.postId === instagram.externalId)
        .map((c) => c.message),
    ).toEqual(['Link in the first comment: example.com']);
    expect((await commentOf(facebook.id))?.status).toBe('published');
    expect(fakes.facebook.posts.filter((post) => post.caption === content)).toHaveLength(1);
  });

  it('a failed comment leaves the post published, shows its own status and has its own Retry', async () => {
    const { instanceId } = await scheduleWithComment(['facebook'], 'A comment Meta refuses');
    t.clock.advance(600);
    await t.publisher.publishInstance(instanceId);
    const facebook = await publicationOf(instanceId, 'facebook');
    t.clock.advance(91);
    fakes.facebook.failNext('invalid', 1, 'comments');
    await t.publisher.publishFirstComment(facebook.id);

    const failed = await commentOf(facebook.id);
    expect(failed?.status).toBe('failed');
    expect((await publicationOf(instanceId, 'facebook')).status).toBe('published');
    const [instance] = await db()
      .select()
      .from(scheduledInstances)
      .where(eq(scheduledInstances.id, instanceId));
    expect(instance?.status).toBe('published');

    const list = await call<{ rows: ScheduledInstance[] }>(
      'GET',
      '/schedules?page=1&pageSize=100',
      token,
    );
    const card = list.json.data.rows
      .flatMap((row) => row.schedule_data)
      .find((item) => item.id === facebook.id);
    expect(card?.status).toBe('published');
    expect(card?.first_comment).toMatchObject({ id: failed!.id, status: 'failed' });
    expect(POST_VARIANT_MESSAGES.commentFailed).toBe('First comment failed');

    const retried = await call('POST', `/publication-parts/${failed!.id}/retry`, token);
    expect(retried.status, retried.body).toBe(200);
    await t.publisher.publishFirstComment(facebook.id);
    expect((await commentOf(facebook.id))?.status).toBe('published');
    expect(
      fakes.facebook.comments.filter((c) => c.postId === facebook.externalId).map((c) => c.message),
    ).toEqual(['A comment Meta refuses']);
    const again = await call('POST', `/publication-parts/${failed!.id}/retry`, token);
    expect(again.status).toBe(409);
    const unknown = await call(
      'POST',
      '/publication-parts/00000000-0000-4000-8000-000000000000/retry',
      token,
    );
    expect(unknown.status).toBe(404);
  });

  it('posts a LinkedIn comment under the post with the member as its actor', async () => {
    const { content, instanceId } = await scheduleWithComment(
      ['linkedIn'],
      'More in the comments (and #hashtags) @here',
    );
    t.clock.advance(600);
    await t.publisher.publishInstance(instanceId);
    const linkedIn = await publicationOf(instanceId, 'linkedIn');
    expect(linkedIn.status).toBe('published');
    expect(linkedIn.externalId).toMatch(/^urn:li:share:/);
    await t.publisher.publishFirstComment(linkedIn.id); // too early
    expect(fakes.linkedIn.comments).toHaveLength(0);

    t.clock.advance(91);
    await t.publisher.publishFirstComment(linkedIn.id);
    await t.publisher.publishFirstComment(linkedIn.id); // a duplicate job comments nothing more
    const made = fakes.linkedIn.comments.filter((c) => c.postId === linkedIn.externalId);
    // Plain text: a comment is not little text, so nothing is escaped.
    expect(made.map((c) => c.message)).toEqual(['More in the comments (and #hashtags) @here']);
    expect(made[0]!.actor).toBe(`urn:li:person:${fakes.linkedIn.member.sub}`);
    const comment = await commentOf(linkedIn.id);
    expect(comment).toMatchObject({ status: 'published', externalId: made[0]!.id });
    expect(fakes.linkedIn.posts.filter((post) => post.text === content)).toHaveLength(1);
  });

  it('a LinkedIn comment refused leaves the post published, with its own status and Retry', async () => {
    const { instanceId } = await scheduleWithComment(['linkedIn'], 'A comment LinkedIn refuses');
    t.clock.advance(600);
    await t.publisher.publishInstance(instanceId);
    const linkedIn = await publicationOf(instanceId, 'linkedIn');
    t.clock.advance(91);
    fakes.linkedIn.failNext('invalid', 1, { endpoint: 'POST /rest/socialActions' });
    await t.publisher.publishFirstComment(linkedIn.id);

    const failed = await commentOf(linkedIn.id);
    expect(failed).toMatchObject({ status: 'failed' });
    expect(failed!.lastError).toMatch(/^LinkedIn: /);
    expect((await publicationOf(instanceId, 'linkedIn')).status).toBe('published');
    const [instance] = await db()
      .select()
      .from(scheduledInstances)
      .where(eq(scheduledInstances.id, instanceId));
    expect(instance?.status).toBe('published');
    const list = await call<{ rows: ScheduledInstance[] }>(
      'GET',
      '/schedules?page=1&pageSize=100',
      token,
    );
    const card = list.json.data.rows
      .flatMap((row) => row.schedule_data)
      .find((item) => item.id === linkedIn.id);
    expect(card?.status).toBe('published');
    expect(card?.first_comment).toMatchObject({ id: failed!.id, status: 'failed' });

    const retried = await call('POST', `/publication-parts/${failed!.id}/retry`, token);
    expect(retried.status, retried.body).toBe(200);
    await t.publisher.publishFirstComment(linkedIn.id);
    expect((await commentOf(linkedIn.id))?.status).toBe('published');
    expect(
      fakes.linkedIn.comments.filter((c) => c.postId === linkedIn.externalId).map((c) => c.message),
    ).toEqual(['A comment LinkedIn refuses']);
  });
});
