import {
  API_PATHS,
  type AdminLogPage,
  type LogList,
  type NotificationEventList,
  type Post,
  type PostReview,
  type ScheduledInstance,
} from '@cadence/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationEvents, posts, publications, schedules } from '../src/db/schema.js';
import { setAdmin } from '../src/modules/admin/index.js';
import { apiClient } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import { addMember, inWorkspace } from './helpers/team.js';
import {
  accountIdOf,
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

const PUBLIC_URL = 'http://cadence.example.test';
const path = (template: string, values: Record<string, string>) =>
  Object.entries(values).reduce((at, [key, value]) => at.replace(`:${key}`, value), template);
let sequence = 0;

/**
 * Who did what in a workspace: one author column, the person behind every change, Post Logs
 * and the admin's System Logs naming them, and notifications to the members concerned.
 */
describe.each(engines)('the people of a workspace on %s', (engine) => {
  let t: TestApp;
  let fakes: NetworkFakes;
  let owner: string;
  let ownerId: string;
  let admin: string;
  let alpha: string;
  let beta: string;
  const people = {} as Record<
    'manager' | 'betaManager' | 'editor' | 'betaViewer',
    { token: string; id: string; email: string; name: string }
  >;
  const { call } = apiClient(() => t.app);
  const db = () => t.infra.database.db;
  const asMember = () => inWorkspace(t, ownerId);

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, {
      env: { ...fakes.env, PUBLIC_URL, PUBLISH_RETRY_BASE_MS: '10' },
    });
    admin = await createVerifiedAccount(t, { email: 'operator@example.com' });
    await setAdmin(db(), 'operator@example.com', true);
    owner = await createVerifiedAccount(t, { email: 'studio@example.com', name: 'Olive Owner' });
    await setTierByCommand(t, 'studio@example.com', 'enterprise');
    ownerId = await accountIdOf(t, 'studio@example.com');
    alpha = await createCompany(t, owner, 'Alpha Approves');
    beta = await createCompany(t, owner, 'Beta Plain');
    await connectNetworks(t, fakes, owner, alpha, ['twitter']);
    await connectNetworks(t, fakes, owner, beta, ['bluesky']);
    const approval = await call('PUT', path(API_PATHS.company, { id: alpha }), owner, {
      name: 'Alpha Approves',
      website: 'alpha.example.com',
      approval: 'team',
    });
    expect(approval.status).toBe(200);
    const join = async (
      key: keyof typeof people,
      name: string,
      role: 'manager' | 'editor' | 'viewer',
      entities?: string[],
    ) => {
      const email = `${key.toLowerCase()}@example.com`;
      const token = await createVerifiedAccount(t, { email, name });
      await addMember(t, owner, { email, token }, role, entities);
      people[key] = { token, id: await accountIdOf(t, email), email, name };
    };
    await join('manager', 'Mona Manager', 'manager');
    await join('betaManager', 'Bart Betamanager', 'manager', [beta]);
    await join('editor', 'Eddie Editor', 'editor', [alpha]);
    await join('betaViewer', 'Vera Viewer', 'viewer', [beta]);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const eventsOf = (userId: string, postId?: string) =>
    db()
      .select()
      .from(notificationEvents)
      .where(
        and(
          eq(notificationEvents.userId, userId),
          postId ? eq(notificationEvents.postId, postId) : undefined,
        ),
      );

  async function write(token: string, companyId: string) {
    const made = await asMember()<Post>('POST', API_PATHS.posts, token, {
      company_id: companyId,
      content: `Written together ${++sequence}`,
    });
    expect(made.status).toBe(201);
    return made.json.data;
  }

  async function scheduleAs(token: string, postId: string, network: 'twitter' | 'bluesky') {
    const response = await asMember()<{ instances: ScheduledInstance[] }>(
      'POST',
      API_PATHS.schedules,
      token,
      {
        social_account_type: [network],
        post_id: postId,
        schedule_date: new Date(t.clock().getTime() + 120_000).toISOString(),
      },
    );
    expect(response.status).toBe(201);
    return response.json.data.instances[0]!;
  }

  it('records the member who puts a post in the queue, on its schedule', async () => {
    const { betaManager } = people;
    const slots = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
      weekday,
      time: '09:00',
      networks: null,
    }));
    const queue = await call('PUT', path(API_PATHS.companyQueue, { id: beta }), owner, {
      timezone: 'UTC',
      slots,
    });
    expect(queue.status, queue.body).toBe(200);
    const post = await write(betaManager.token, beta);
    const queued = await asMember()(
      'POST',
      path(API_PATHS.postQueue, { id: post.id }),
      betaManager.token,
      { networks: ['bluesky'] },
    );
    expect(queued.status, queued.body).toBe(201);
    const [schedule] = await db().select().from(schedules).where(eq(schedules.postId, post.id));
    expect(schedule).toMatchObject({ createdBy: betaManager.id });
  });

  it('records one author, and the person behind each edit, move and publication action', async () => {
    const { editor, manager } = people;
    const post = await write(editor.token, alpha);
    expect(post.created_by).toMatchObject({ id: editor.id, name: 'Eddie Editor' });
    // The review knows the same person as the post's author.
    const review = await asMember()<PostReview>(
      'GET',
      path(API_PATHS.postReview, { id: post.id }),
      manager.token,
    );
    expect(review.json.data.author_id).toBe(editor.id);

    const edited = await asMember()<Post>(
      'PATCH',
      path(API_PATHS.post, { id: post.id }),
      manager.token,
      { content: `Edited by the manager ${++sequence}` },
    );
    expect(edited.status).toBe(200);
    // Still the editor's post; the edit is the manager's.
    expect(edited.json.data.created_by).toMatchObject({ id: editor.id });
    const [row] = await db().select().from(posts).where(eq(posts.id, post.id));
    expect(row).toMatchObject({ createdBy: editor.id, updatedBy: manager.id });

    // Approved, scheduled by the manager, moved by the editor.
    await asMember()('POST', path(API_PATHS.postSubmit, { id: post.id }), editor.token, {});
    const approved = await asMember()<PostReview>(
      'POST',
      path(API_PATHS.postApprove, { id: post.id }),
      manager.token,
      {},
    );
    expect(approved.json.data.state).toBe('approved');
    const instance = await scheduleAs(manager.token, post.id, 'twitter');
    const moved = await asMember()(
      'PATCH',
      path(API_PATHS.scheduleOccurrence, { id: instance.id }),
      editor.token,
      {
        scope: 'one',
        expected_scheduled_for: instance.scheduled_for,
        scheduled_for: new Date(t.clock().getTime() + 180_000).toISOString(),
      },
    );
    expect(moved.status).toBe(200);
    const [schedule] = await db().select().from(schedules).where(eq(schedules.postId, post.id));
    expect(schedule).toMatchObject({ createdBy: manager.id, updatedBy: editor.id });

    // It fails on X; the manager retries it.
    fakes.twitter.failNext('invalid', 1);
    t.clock.advance(181);
    await t.publisher.publishInstance(instance.id);
    const [failed] = await db()
      .select()
      .from(publications)
      .where(eq(publications.instanceId, instance.id));
    expect(failed?.status).toBe('failed');
    const retried = await asMember()(
      'POST',
      path(API_PATHS.publicationRetry, { id: failed!.id }),
      editor.token,
    );
    expect(retried.status).toBe(200);

    // Post Logs: the failed attempt was the manager's schedule, the retry the editor's.
    const logs = await call<LogList>('GET', `${API_PATHS.logs}?limit=50`, owner);
    const ofPost = logs.json.data.rows.filter((log) => log.post_id === post.id);
    expect(ofPost.map((log) => [log.status, log.acted_by, log.post_author])).toEqual([
      ['pending', 'Eddie Editor', 'Eddie Editor'],
      ['error', 'Mona Manager', 'Eddie Editor'],
    ]);

    // The admin's System Logs name the person as well as the workspace's owner.
    const adminLogs = await call<AdminLogPage>('GET', `${API_PATHS.adminLogs}?pageSize=100`, admin);
    expect(adminLogs.status).toBe(200);
    const retryRow = adminLogs.json.data.rows.find(
      (log) => log.kind === 'publishing' && log.acted_by?.email === editor.email,
    );
    expect(retryRow).toMatchObject({
      customer_email: 'studio@example.com',
      acted_by: { name: 'Eddie Editor', email: editor.email },
    });
  });

  it('tells the managers with the entity of a submitted post, and its author of the answer', async () => {
    const { editor, manager, betaManager, betaViewer } = people;
    const post = await write(editor.token, alpha);
    const submitted = await asMember()(
      'POST',
      path(API_PATHS.postSubmit, { id: post.id }),
      editor.token,
      {},
    );
    expect(submitted.status).toBe(200);
    for (const reviewer of [ownerId, manager.id]) {
      expect((await eventsOf(reviewer, post.id)).map((event) => event.kind)).toEqual([
        'post_submitted',
      ]);
    }
    // A manager limited to another entity, a viewer, and the author hear nothing of it.
    for (const other of [betaManager.id, betaViewer.id, editor.id]) {
      expect(await eventsOf(other, post.id)).toEqual([]);
    }

    const changes = await asMember()(
      'POST',
      path(API_PATHS.postRequestChanges, { id: post.id }),
      manager.token,
      { comment: 'A warmer opening, please.' },
    );
    expect(changes.status).toBe(200);
    expect((await eventsOf(editor.id, post.id)).map((event) => event.kind)).toEqual([
      'post_changes_requested',
    ]);
    // The author's mail, through the SMTP stand-in (with what else waited for them: the
    // first test's approval and failure of their post).
    const before = t.smtp.mailsTo(editor.email).length;
    expect((await t.publisher.sendNotificationMail(editor.id)).mailed).toBeGreaterThan(0);
    const mails = t.smtp.mailsTo(editor.email).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.raw.replace(/=\r?\n/g, '')).toContain('A warmer opening, please.');
  });

  it('tells everyone with the entity of a failure, each by their own settings', async () => {
    const { editor, manager, betaManager, betaViewer } = people;
    // The editor wants no mail about failures; the bell still shows them.
    const off = await call('PUT', API_PATHS.notifications, editor.token, {
      email_publication_failures: false,
      email_reconnect: true,
    });
    expect(off.status).toBe(200);
    t.clock.advance(3600);

    // Beta: its manager and viewer, the owner and the manager of everything; not the editor.
    const post = await write(betaManager.token, beta);
    const instance = await scheduleAs(betaManager.token, post.id, 'bluesky');
    fakes.bluesky.failNext('invalid', 1);
    t.clock.advance(121);
    await t.publisher.publishInstance(instance.id);
    for (const told of [ownerId, manager.id, betaManager.id, betaViewer.id]) {
      const events = await eventsOf(told, post.id);
      expect(events.map((event) => [event.kind, event.workspaceId, event.mailState])).toEqual([
        ['publication_failed', ownerId, 'pending'],
      ]);
    }
    expect(await eventsOf(editor.id, post.id)).toEqual([]);
    const before = t.smtp.mailsTo(betaViewer.email).length;
    expect(await t.publisher.sendNotificationMail(betaViewer.id)).toMatchObject({ mailed: 1 });
    expect(t.smtp.mailsTo(betaViewer.email).length).toBe(before + 1);

    // Alpha: the editor's bell, without a mail.
    const alphaPost = await write(editor.token, alpha);
    await asMember()('POST', path(API_PATHS.postSubmit, { id: alphaPost.id }), editor.token, {});
    await asMember()('POST', path(API_PATHS.postApprove, { id: alphaPost.id }), manager.token, {});
    const alphaInstance = await scheduleAs(editor.token, alphaPost.id, 'twitter');
    fakes.twitter.failNext('invalid', 1);
    t.clock.advance(121);
    await t.publisher.publishInstance(alphaInstance.id);
    expect(
      (await eventsOf(editor.id, alphaPost.id))
        .map((event) => [event.kind, event.mailState])
        .sort(),
    ).toEqual([
      ['post_approved', 'pending'],
      ['publication_failed', 'off'],
    ]);
    expect(
      (await eventsOf(ownerId, alphaPost.id)).map((event) => [event.kind, event.mailState]).sort(),
    ).toEqual([
      ['post_submitted', 'pending'],
      ['publication_failed', 'pending'],
    ]);
    expect(await eventsOf(betaViewer.id, alphaPost.id)).toEqual([]);
  });

  it('stops telling a member who was removed, in the bell and by mail', async () => {
    const { betaViewer, betaManager } = people;
    t.clock.advance(3600);
    const post = await write(betaManager.token, beta);
    const instance = await scheduleAs(betaManager.token, post.id, 'bluesky');
    fakes.bluesky.failNext('invalid', 1);
    t.clock.advance(121);
    await t.publisher.publishInstance(instance.id);
    expect(await eventsOf(betaViewer.id, post.id)).toHaveLength(1);
    const bell = () =>
      call<NotificationEventList>('GET', API_PATHS.notificationEvents, betaViewer.token);
    expect((await bell()).json.data.total).toBeGreaterThan(0);

    const removed = await call('DELETE', path(API_PATHS.teamMember, { id: betaViewer.id }), owner);
    expect(removed.status).toBe(200);
    // What was waiting for a mail is not sent; the bell no longer lists that workspace.
    const before = t.smtp.mailsTo(betaViewer.email).length;
    expect(await t.publisher.sendNotificationMail(betaViewer.id)).toMatchObject({ mailed: 0 });
    expect(t.smtp.mailsTo(betaViewer.email).length).toBe(before);
    expect((await bell()).json.data).toMatchObject({ total: 0, unread: 0 });

    // Nothing new reaches them.
    const next = await write(betaManager.token, beta);
    const nextInstance = await scheduleAs(betaManager.token, next.id, 'bluesky');
    fakes.bluesky.failNext('invalid', 1);
    t.clock.advance(121);
    await t.publisher.publishInstance(nextInstance.id);
    expect(await eventsOf(betaViewer.id, next.id)).toEqual([]);
    expect(await eventsOf(betaManager.id, next.id)).toHaveLength(1);
  });
});
