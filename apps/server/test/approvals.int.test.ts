import {
  API_PATHS,
  APPROVAL_MESSAGES,
  type Company,
  type CompanyList,
  type PostComment,
  type PostReview,
  type ReviewLink,
  type ReviewPage,
  type ScheduledInstance,
} from '@cadence/shared';
import { existsSync } from 'node:fs';
import nodePath from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationEvents,
  posts,
  publications,
  reviewLinks,
  systemLogs,
} from '../src/db/schema.js';
import { createContainer } from '../src/container.js';
import { createWorker } from '../src/worker.js';
import { apiClient } from './helpers/api.js';
import { addMember } from './helpers/team.js';
import { engines } from './helpers/databases.js';
import {
  connectNetworks,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import { makePng, multipartFile } from './helpers/images.js';
import { createPost } from './helpers/posts.js';
import { invitationLinkIn } from './helpers/team.js';
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

describe.each(engines)('approvals, review links and white label on %s', (engine) => {
  let t: TestApp;
  let fakes: NetworkFakes;
  let owner: string;
  let ownerId: string;
  let other: string;
  let entity: string;
  let clientEntity: string;
  let plainEntity: string;
  let othersEntity: string;
  const { call } = apiClient(() => t.app);
  const db = () => t.infra.database.db;

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, { env: { ...fakes.env, PUBLIC_URL } });
    owner = await createVerifiedAccount(t, { email: 'agency@example.com', name: 'Ada Owner' });
    other = await createVerifiedAccount(t, { email: 'other-agency@example.com' });
    await setTierByCommand(t, 'agency@example.com', 'enterprise');
    await setTierByCommand(t, 'other-agency@example.com', 'enterprise');
    ownerId = await accountIdOf(t, 'agency@example.com');
    entity = await createCompany(t, owner, 'Team Approves');
    clientEntity = await createCompany(t, owner, 'Client Approves');
    plainEntity = await createCompany(t, owner, 'No Approval');
    othersEntity = await createCompany(t, other, 'Theirs');
    await connectNetworks(t, fakes, owner, entity, ['twitter', 'bluesky']);
    await connectNetworks(t, fakes, owner, clientEntity, ['twitter']);
    await connectNetworks(t, fakes, owner, plainEntity, ['twitter']);
    for (const [id, approval] of [
      [entity, 'team'],
      [clientEntity, 'team_and_client'],
    ] as const) {
      const set = await setApproval(owner, id, approval);
      expect(set.status).toBe(200);
    }
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  function setApproval(token: string, id: string, approval: unknown) {
    return call<Company>('PUT', path(API_PATHS.company, { id }), token, {
      name: 'Renamed',
      website: 'acme.example.com',
      approval,
    });
  }
  const reviewOf = (postId: string, token = owner) =>
    call<PostReview>('GET', path(API_PATHS.postReview, { id: postId }), token);
  const act = (
    action: 'postSubmit' | 'postApprove' | 'postRequestChanges',
    postId: string,
    body?: object,
    token = owner,
  ) => call<PostReview>('POST', path(API_PATHS[action], { id: postId }), token, body ?? {});
  const newPost = async (companyId: string) => {
    const content = `Approval post ${++sequence}`;
    const made = await createPost(t, { email: 'agency@example.com', companyId, content });
    return { ...made, content };
  };
  async function schedule(postId: string, networks: string[] = ['twitter'], inSeconds = 60) {
    const response = await call<{ instances: ScheduledInstance[] }>('POST', '/schedules', owner, {
      social_account_type: networks,
      post_id: postId,
      schedule_date: new Date(t.clock().getTime() + inSeconds * 1000).toISOString(),
    });
    if (response.status !== 201) throw new Error(`schedule failed: ${response.body}`);
    return response.json.data.instances[0]!.id;
  }
  const publicationsOf = (instanceId: string) =>
    db()
      .select()
      .from(publications)
      .where(eq(publications.instanceId, instanceId))
      .orderBy(asc(publications.network));
  const tweetsWith = (text: string) =>
    fakes.twitter.posts.filter((post) => (post.text ?? '').includes(text)).length;

  it('keeps approval on the entity: none by default, set by PUT, answered in the list', async () => {
    const list = await call<CompanyList>('GET', API_PATHS.companies, owner);
    const approvals = Object.fromEntries(list.json.data.rows.map((row) => [row.id, row.approval]));
    expect(approvals).toMatchObject({
      [entity]: 'team',
      [clientEntity]: 'team_and_client',
      [plainEntity]: 'none',
    });
    const refused = await setApproval(owner, plainEntity, 'always');
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(/none, team or team_and_client/);
    // Left out of an update: unchanged.
    const kept = await call<Company>('PUT', path(API_PATHS.company, { id: entity }), owner, {
      name: 'Team Approves',
      website: 'acme.example.com',
    });
    expect(kept.json.data.approval).toBe('team');
    // Another workspace's entity does not exist for this one.
    expect((await setApproval(owner, othersEntity, 'team')).status).toBe(404);
  });

  it('walks a post from draft to approved, and back to review when its text changes', async () => {
    const post = await newPost(entity);
    expect((await reviewOf(post.id)).json.data).toMatchObject({
      approval: 'team',
      state: 'draft',
      actions: ['submit'],
    });
    // Nothing to approve before it is submitted.
    expect((await act('postApprove', post.id)).status).toBe(409);
    const submitted = await act('postSubmit', post.id);
    expect(submitted.status).toBe(200);
    expect(submitted.json.data).toMatchObject({ state: 'in_review' });
    expect((await act('postSubmit', post.id)).json.code).toBe('REVIEW_STATE_CHANGED');
    // The owner may approve their own post.
    const approved = await act('postApprove', post.id);
    expect(approved.json.data).toMatchObject({ state: 'approved', team_approved_by: ownerId });
    expect(approved.json.data.team_approved_at).not.toBeNull();

    const edited = await call('PATCH', path(API_PATHS.post, { id: post.id }), owner, {
      content: `${post.content}, edited`,
    });
    expect(edited.status).toBe(200);
    expect((await reviewOf(post.id)).json.data).toMatchObject({
      state: 'in_review',
      team_approved_at: null,
    });

    const noComment = await act('postRequestChanges', post.id, { comment: '  ' });
    expect(noComment.status).toBe(400);
    expect(noComment.json.message).toBe('Comment is required');
    const changes = await act('postRequestChanges', post.id, { comment: 'Shorter, please' });
    expect(changes.json.data.state).toBe('changes_requested');
    const comments = await call<{ rows: PostComment[] }>(
      'GET',
      path(API_PATHS.postComments, { id: post.id }),
      owner,
    );
    expect(comments.json.data.rows).toEqual([
      expect.objectContaining({ body: 'Shorter, please', visibility: 'team', by_client: false }),
    ]);
    // Another workspace sees no such post.
    expect((await reviewOf(post.id, other)).status).toBe(404);
    expect((await act('postSubmit', post.id, {}, other)).status).toBe(404);
  });

  it('refuses a review in an entity without approval', async () => {
    const post = await newPost(plainEntity);
    expect((await reviewOf(post.id)).json.data).toMatchObject({ state: 'draft', actions: [] });
    const refused = await act('postSubmit', post.id);
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('REVIEW_NOT_NEEDED');
  });

  it('refuses a manager their own post (SELF_APPROVAL), lets another manager approve it', async () => {
    const lead = await createVerifiedAccount(t, { email: 'lead@example.com' });
    await addMember(t, owner, { email: 'lead@example.com', token: lead }, 'manager');
    const managerId = await accountIdOf(t, 'lead@example.com');
    const secondManager = await createVerifiedAccount(t, { email: 'lead2@example.com' });
    await addMember(t, owner, { email: 'lead2@example.com', token: secondManager }, 'manager');
    const secondManagerId = await accountIdOf(t, 'lead2@example.com');
    const { approvals, posts: postsService } = t.container.services;
    const post = await postsService.create(
      ownerId,
      { company_id: entity, content: `Written by the lead ${++sequence}` },
      null,
      { actorId: managerId },
    );
    const manager = { id: managerId, role: 'manager' as const };
    await approvals.submit(ownerId, manager, post.id);
    await expect(approvals.approve(ownerId, manager, post.id)).rejects.toMatchObject({
      statusCode: 403,
      code: 'SELF_APPROVAL',
      message: APPROVAL_MESSAGES.selfApproval,
    });
    // The review tells the author they may not approve.
    expect((await approvals.review(ownerId, manager, post.id)).actions).toEqual([
      'request_changes',
    ]);
    await expect(
      approvals.approve(ownerId, { id: secondManagerId, role: 'editor' }, post.id),
    ).rejects.toMatchObject({ statusCode: 403, code: 'FORBIDDEN_ROLE' });
    const approved = await approvals.approve(
      ownerId,
      { id: secondManagerId, role: 'manager' },
      post.id,
    );
    expect(approved.state).toBe('approved');
    // The author hears of it in the bell.
    const told = await db()
      .select()
      .from(notificationEvents)
      .where(and(eq(notificationEvents.userId, managerId), eq(notificationEvents.postId, post.id)));
    expect(told.map((event) => event.kind)).toEqual(['post_approved']);
  });

  it('tells the reviewers of a submitted post, per their notification settings', async () => {
    const writer = await createVerifiedAccount(t, {
      email: 'writer@example.com',
      name: 'Wren Writer',
    });
    await addMember(t, owner, { email: 'writer@example.com', token: writer }, 'editor');
    const writerId = await accountIdOf(t, 'writer@example.com');
    const { approvals, posts: postsService } = t.container.services;
    const first = await postsService.create(
      ownerId,
      { company_id: entity, content: `From the writer ${++sequence}` },
      null,
      { actorId: writerId },
    );
    await approvals.submit(ownerId, { id: writerId, role: 'editor' }, first.id);
    const [event] = await db()
      .select()
      .from(notificationEvents)
      .where(and(eq(notificationEvents.userId, ownerId), eq(notificationEvents.postId, first.id)));
    expect(event).toMatchObject({ kind: 'post_submitted', mailState: 'pending' });
    expect(event?.message).toBe('Wren Writer submitted a post of Team Approves for review.');

    const off = await call('PUT', API_PATHS.notifications, owner, {
      email_publication_failures: true,
      email_reconnect: true,
      email_reviews: false,
    });
    expect(off.status).toBe(200);
    expect(off.json.data).toMatchObject({ email_reviews: false });
    const second = await postsService.create(
      ownerId,
      { company_id: entity, content: `From the writer ${++sequence}` },
      null,
      { actorId: writerId },
    );
    await approvals.submit(ownerId, { id: writerId, role: 'editor' }, second.id);
    const [quiet] = await db()
      .select()
      .from(notificationEvents)
      .where(and(eq(notificationEvents.userId, ownerId), eq(notificationEvents.postId, second.id)));
    expect(quiet).toMatchObject({ kind: 'post_submitted', mailState: 'off' });
  });

  it('misses a due post that is not approved (NOT_APPROVED), then publishes it once approved', async () => {
    const post = await newPost(entity);
    const instanceId = await schedule(post.id);
    t.clock.advance(61);
    await t.publisher.publishInstance(instanceId);
    const [missed] = await publicationsOf(instanceId);
    expect(missed).toMatchObject({
      status: 'missed',
      errorCode: 'NOT_APPROVED',
      lastError: 'Not approved before its time',
    });
    expect(tweetsWith(post.content)).toBe(0);

    // On the Scheduling list and in Post Logs.
    const listed = await call<{ rows: ScheduledInstance[] }>('GET', '/schedules', owner);
    const row = listed.json.data.rows.find((entry) => entry.id === instanceId);
    expect(row?.schedule_data[0]).toMatchObject({
      status: 'missed',
      error_code: 'NOT_APPROVED',
      error: 'Not approved before its time',
    });
    const logs = await db().select().from(systemLogs).where(eq(systemLogs.instanceId, instanceId));
    expect(logs).toEqual([
      expect.objectContaining({ status: 'error', message: 'Not approved before its time' }),
    ]);

    // Publish now is refused until the post is approved, then sends it.
    const early = await call(
      'POST',
      path(API_PATHS.publicationPublishNow, { id: missed!.id }),
      owner,
    );
    expect(early.status).toBe(409);
    expect(early.json).toMatchObject({ code: 'NOT_APPROVED' });
    await act('postSubmit', post.id);
    await act('postApprove', post.id);
    const now = await call(
      'POST',
      path(API_PATHS.publicationPublishNow, { id: missed!.id }),
      owner,
    );
    expect(now.status).toBe(200);
    await t.publisher.publishInstance(instanceId);
    expect((await publicationsOf(instanceId))[0]).toMatchObject({ status: 'published' });
    expect(tweetsWith(post.content)).toBe(1);
  });

  it('publishes an approved post at its time, and a post of an entity without approval', async () => {
    const approved = await newPost(entity);
    await act('postSubmit', approved.id);
    await act('postApprove', approved.id);
    const plain = await newPost(plainEntity);
    const first = await schedule(approved.id);
    const second = await schedule(plain.id);
    t.clock.advance(61);
    await t.publisher.publishInstance(first);
    await t.publisher.publishInstance(second);
    expect((await publicationsOf(first))[0]?.status).toBe('published');
    expect((await publicationsOf(second))[0]?.status).toBe('published');
  });

  it('never sends a post whose approval is revoked at the instant of its claim', async () => {
    const content = `Raced post ${++sequence}`;
    const post = {
      ...(await createPost(t, {
        email: 'agency@example.com',
        companyId: entity,
        content,
        withImage: true,
      })),
      content,
    };
    await act('postSubmit', post.id);
    await act('postApprove', post.id);
    const instanceId = await schedule(post.id);
    t.clock.advance(61);
    const revoke = `update post_reviews set state = 'changes_requested', team_approved_at = null
      where post_id = '${post.id}'`;

    if (engine === 'postgres') {
      // A concurrent transaction sends the post back and holds its row until the publisher's
      // claim waits for it; committed then, the claim must see it.
      const client = new pg.Client({ connectionString: t.config.databaseUrl });
      await client.connect();
      try {
        await client.query('begin');
        await client.query(revoke);
        const publishing = t.publisher.publishInstance(instanceId);
        // (Without the claim's lock nothing waits: the post would go out meanwhile.)
        await waitFor(async () => {
          const waiting = await client.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity
             where wait_event_type = 'Lock' and datname = current_database()`,
          );
          return Number(waiting.rows[0]?.n) > 0;
        }).catch(() => undefined);
        await client.query('commit');
        await publishing;
      } finally {
        await client.end();
      }
    } else {
      // One connection: the revoke commits after the publisher has read the post as
      // approved (while it opens the post's media, the last step before its claim).
      const storage = t.container.infra.storage;
      const racing = createWorker(
        createContainer(
          { config: t.config, logger: t.app.log, ...t.infra },
          {
            clock: t.clock,
            storage: {
              ...storage,
              directUrl: async (key: string) => {
                await db().execute(revoke);
                return storage.directUrl(key);
              },
            },
          },
        ),
      );
      await racing.publishInstance(instanceId);
    }
    expect(tweetsWith(post.content)).toBe(0);
    // Its next run finds it unapproved: missed, never sent.
    await t.publisher.publishInstance(instanceId);
    expect((await publicationsOf(instanceId))[0]).toMatchObject({
      status: 'missed',
      errorCode: 'NOT_APPROVED',
    });
    expect(tweetsWith(post.content)).toBe(0);
  });

  describe('review links', () => {
    const createLink = (companyId: string, body: object = {}, token = owner) =>
      call<{ id: string; url: string }>(
        'POST',
        path(API_PATHS.companyReviewLinks, { id: companyId }),
        token,
        body,
      );
    const tokenOf = (url: string) => url.slice(`${PUBLIC_URL}/review/`.length);
    const page = (token: string) =>
      call<ReviewPage>('GET', path(API_PATHS.review, { token }), null);
    const clientApprove = (token: string, postId: string) =>
      call('POST', path(API_PATHS.reviewApprove, { token, post_id: postId }), null, {
        name: 'Cleo Client',
      });

    it('shows the client only its entity’s posts waiting for them, and takes their answers', async () => {
      const created = await createLink(clientEntity, { label: 'Week 48' });
      expect(created.status).toBe(201);
      expect(created.json.data.url.startsWith(`${PUBLIC_URL}/review/`)).toBe(true);
      const token = tokenOf(created.json.data.url);
      expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
      const [stored] = await db()
        .select()
        .from(reviewLinks)
        .where(eq(reviewLinks.id, created.json.data.id));
      expect(stored?.tokenHash).not.toContain(token);
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(stored!.expiresAt.getTime() - t.clock().getTime()).toBe(30 * 86_400_000);

      const waiting = await newPost(clientEntity);
      await schedule(waiting.id, ['twitter'], 3600);
      await act('postSubmit', waiting.id);
      const teamApproved = await act('postApprove', waiting.id);
      expect(teamApproved.json.data).toMatchObject({
        state: 'in_review',
        waiting_for_client: true,
      });
      const draft = await newPost(clientEntity);
      const notYet = await newPost(clientEntity);
      await act('postSubmit', notYet.id);
      const elsewhere = await newPost(entity);
      await act('postSubmit', elsewhere.id);
      await call('POST', path(API_PATHS.postComments, { id: waiting.id }), owner, {
        body: 'Internal: check the link',
        visibility: 'team',
      });
      await call('POST', path(API_PATHS.postComments, { id: waiting.id }), owner, {
        body: 'Here is the launch post',
        visibility: 'client',
      });

      const shown = await page(token);
      expect(shown.status).toBe(200);
      expect(shown.json.data.entity.name).toBe('Renamed');
      expect(shown.json.data.label).toBe('Week 48');
      expect(shown.json.data.posts.map((p) => p.id)).toEqual([waiting.id]);
      const [only] = shown.json.data.posts;
      expect(only?.previews.map((preview) => preview.network)).toEqual(['twitter']);
      expect(only?.previews[0]?.scheduled_for).toEqual(expect.any(String));
      expect(only?.comments.map((c) => c.body)).toEqual(['Here is the launch post']);
      expect(JSON.stringify(shown.json)).not.toMatch(/agency@example.com|Internal/);

      // Another entity's post, a draft, one not yet approved by the team: all the same 404.
      for (const postId of [elsewhere.id, draft.id, notYet.id, 'not-an-id']) {
        expect((await clientApprove(token, postId)).status).toBe(404);
      }
      const noName = await call(
        'POST',
        path(API_PATHS.reviewRequestChanges, { token, post_id: waiting.id }),
        null,
        { comment: 'Less exclamation marks' },
      );
      expect(noName.status).toBe(400);
      const approved = await clientApprove(token, waiting.id);
      expect(approved.status).toBe(200);
      expect((await reviewOf(waiting.id)).json.data).toMatchObject({
        state: 'approved',
        client_approved_name: 'Cleo Client',
      });
      expect((await page(token)).json.data.posts).toEqual([]);
      expect((await clientApprove(token, waiting.id)).status).toBe(404);
    });

    it('takes a client’s request for changes with their name', async () => {
      const token = tokenOf((await createLink(clientEntity)).json.data.url);
      const post = await newPost(clientEntity);
      await act('postSubmit', post.id);
      await act('postApprove', post.id);
      const asked = await call(
        'POST',
        path(API_PATHS.reviewRequestChanges, { token, post_id: post.id }),
        null,
        { comment: 'Use our new logo', name: 'Cleo Client' },
      );
      expect(asked.status).toBe(200);
      expect((await reviewOf(post.id)).json.data.state).toBe('changes_requested');
      const comments = await call<{ rows: PostComment[] }>(
        'GET',
        path(API_PATHS.postComments, { id: post.id }),
        owner,
      );
      expect(comments.json.data.rows).toEqual([
        expect.objectContaining({
          body: 'Use our new logo',
          author_name: 'Cleo Client',
          by_client: true,
          visibility: 'client',
        }),
      ]);
    });

    it('answers 404 with the expired text once a link expires or is revoked', async () => {
      const short = await createLink(clientEntity, { expires_in_days: 1 });
      const shortToken = tokenOf(short.json.data.url);
      expect((await page(shortToken)).status).toBe(200);
      t.clock.advance(86_400 + 1);
      const expired = await page(shortToken);
      expect(expired.status).toBe(404);
      expect(expired.json.message).toBe(
        'This review link has expired or was revoked. Ask for a new one.',
      );

      const live = await createLink(clientEntity);
      const liveToken = tokenOf(live.json.data.url);
      expect(
        (await call('DELETE', path(API_PATHS.reviewLink, { id: live.json.data.id }), other)).status,
      ).toBe(404);
      const revoked = await call(
        'DELETE',
        path(API_PATHS.reviewLink, { id: live.json.data.id }),
        owner,
      );
      expect(revoked.status).toBe(200);
      expect((await page(liveToken)).status).toBe(404);
      const listed = await call<{ rows: ReviewLink[] }>(
        'GET',
        path(API_PATHS.companyReviewLinks, { id: clientEntity }),
        owner,
      );
      const states = Object.fromEntries(
        listed.json.data.rows.map((row) => [row.id, row.is_active]),
      );
      expect(states[short.json.data.id]).toBe(false);
      expect(states[live.json.data.id]).toBe(false);
      expect(JSON.stringify(listed.json)).not.toContain(liveToken);
      expect((await page('x'.repeat(43))).status).toBe(404);
    });

    it('checks the days and the entity, and rate-limits the client’s requests', async () => {
      for (const days of [0, 91, 1.5, 'ten']) {
        expect((await createLink(clientEntity, { expires_in_days: days })).status).toBe(400);
      }
      expect((await createLink(othersEntity)).status).toBe(404);
      const token = tokenOf((await createLink(clientEntity)).json.data.url);
      let status = 200;
      for (let i = 0; i < 70 && status !== 429; i++) status = (await page(token)).status;
      expect(status).toBe(429);
    });
  });

  describe('white label', () => {
    const save = (token: string, body: object) => call('PUT', API_PATHS.teamBranding, token, body);

    it('refuses an accent colour under 4.5:1 against white, and one on a plan without it', async () => {
      const pale = await save(owner, { name: 'Northwind Agency', accent_color: '#7f9cf5' });
      expect(pale.status).toBe(400);
      expect(pale.json.code).toBe('CONTRAST_TOO_LOW');
      expect(pale.json.message).toMatch(/needs at least 4.5:1/);
      const saved = await save(owner, { name: 'Northwind Agency', accent_color: '#1D4ED8' });
      expect(saved.status).toBe(200);
      expect(saved.json.data).toMatchObject({
        available: true,
        effective: { name: 'Northwind Agency', accent_color: '#1d4ed8' },
      });

      const free = await createVerifiedAccount(t, { email: 'free-brand@example.com' });
      const refused = await save(free, { name: 'Mine', accent_color: '#1d4ed8' });
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe('PLAN_LIMIT');
      const read = await call('GET', API_PATHS.teamBranding, free);
      expect(read.json.data).toMatchObject({ available: false, effective: { name: 'Cadence' } });
    });

    it('puts the brand on review links and the workspace’s mails', async () => {
      await save(owner, { name: 'Northwind Agency', accent_color: '#1d4ed8' });
      const created = await call<{ url: string }>(
        'POST',
        path(API_PATHS.companyReviewLinks, { id: clientEntity }),
        owner,
        {},
      );
      const token = created.json.data.url.split('/review/')[1]!;
      const shown = await call<ReviewPage>('GET', path(API_PATHS.review, { token }), null);
      expect(shown.json.data.brand).toEqual({
        name: 'Northwind Agency',
        logo_url: null,
        accent_color: '#1d4ed8',
      });
      t.smtp.messages.length = 0;
      await t.container.services.notifications.sendPendingMail(ownerId);
      const mail = t.smtp.messages.at(-1);
      expect(mail?.raw ?? '').toMatch(/From: "?Northwind Agency"? </);
      expect(mail?.raw ?? '').toContain('Northwind Agency');
    });

    it('puts the brand on the invitation page and its mail, and keeps its logo from the sweep', async () => {
      const png = multipartFile('file', 'brand.png', 'image/png', makePng(48, 48));
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api${API_PATHS.companyLogo}`,
        headers: { ...png.headers, authorization: `Bearer ${owner}` },
        payload: png.payload,
      });
      expect(uploaded.statusCode).toBe(201);
      const logoUrl = uploaded.json<{ data: { logo_url: string } }>().data.logo_url;
      const saved = await save(owner, {
        name: 'Northwind Agency',
        logo_url: logoUrl,
        accent_color: '#1d4ed8',
      });
      expect(saved.status).toBe(200);

      const invited = await call('POST', API_PATHS.teamInvitations, owner, {
        email: 'branded-invitee@example.com',
        role: 'editor',
      });
      expect(invited.status).toBe(201);
      const link = invitationLinkIn(t, 'branded-invitee@example.com');
      expect(link.subject).toBe(
        "Ada Owner invited you to Ada Owner's workspace on Northwind Agency",
      );
      const mail = t.smtp.mailsTo('branded-invitee@example.com').at(-1);
      expect(mail?.raw ?? '').toMatch(/From: "?Northwind Agency"? </);
      const preview = await call(
        'GET',
        path(API_PATHS.teamInvitationByToken, { token: link.token }),
        null,
      );
      expect(preview.status).toBe(200);
      expect(preview.json.data).toMatchObject({
        workspace_name: 'Ada Owner',
        brand: { name: 'Northwind Agency', logo_url: logoUrl, accent_color: '#1d4ed8' },
      });

      // The brand's logo is in use: the sweep of unused uploads leaves it, however old.
      t.clock.advance(2 * 3600);
      await t.publisher.sweepOrphanUploads();
      expect(existsSync(nodePath.join(t.config.dataDir, logoUrl))).toBe(true);

      // Another workspace's invitation wears Cadence's brand.
      const plain = await call('POST', API_PATHS.teamInvitations, other, {
        email: 'plain-invitee@example.com',
        role: 'viewer',
      });
      expect(plain.status).toBe(201);
      const plainLink = invitationLinkIn(t, 'plain-invitee@example.com');
      expect(plainLink.subject).toMatch(/ on Cadence$/);
      const plainPreview = await call(
        'GET',
        path(API_PATHS.teamInvitationByToken, { token: plainLink.token }),
        null,
      );
      expect(plainPreview.json.data).toMatchObject({
        brand: { name: 'Cadence', logo_url: null, accent_color: '#4f46e5' },
      });
    });

    it('is gated by the plan: an admin turns it off and the brand falls back to Cadence', async () => {
      const plans = await db().execute(
        `update subscription_plans set has_white_label = false where tier = 'enterprise'`,
      );
      void plans;
      const read = await call('GET', API_PATHS.teamBranding, owner);
      expect(read.json.data).toMatchObject({ available: false, effective: { name: 'Cadence' } });
      await db().execute(
        `update subscription_plans set has_white_label = true where tier = 'enterprise'`,
      );
    });
  });

  it('leaves the author recorded on posts made through the API', async () => {
    const made = await call<{ id: string }>('POST', API_PATHS.posts, owner, {
      company_id: entity,
      content: `Authored ${++sequence}`,
    });
    expect(made.status).toBe(201);
    const [row] = await db().select().from(posts).where(eq(posts.id, made.json.data.id));
    expect(row?.createdBy).toBe(ownerId);
  });
});

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('timed out waiting');
}
