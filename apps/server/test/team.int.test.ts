import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitations } from '../src/db/schema.js';
import { insertLog } from '../src/modules/logs/index.js';
import { apiCall, type Method } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import { addMember, inWorkspace, invitationLinkIn } from './helpers/team.js';
import {
  accountIdOf,
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  signIn,
  type TestApp,
} from './helpers/test-app.js';

const acme = {
  name: 'Acme',
  website: 'acme.example.com',
  industry: 'Technology',
  description: 'Rockets.',
};
const globex = { ...acme, name: 'Globex', website: 'globex.example.com' };

describe.each(engines)('workspaces and members on %s', (engine) => {
  let t: TestApp;
  let owner: string;
  let ownerId: string;
  let editor: string;
  let viewer: string;
  let stranger: string;
  let acmeId: string;
  let globexId: string;
  const call = <T = Record<string, unknown>>(
    method: Method,
    url: string,
    token: string | null,
    body?: object,
  ) => apiCall<T>(t.app, method, url, token, body);
  let asMember: ReturnType<typeof inWorkspace>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    owner = await createVerifiedAccount(t, { email: 'owner@example.com', name: 'Olive Owner' });
    ownerId = await accountIdOf(t, 'owner@example.com');
    await setTierByCommand(t, 'owner@example.com', 'business');
    editor = await createVerifiedAccount(t, { email: 'editor@example.com', name: 'Eddie Editor' });
    viewer = await createVerifiedAccount(t, { email: 'viewer@example.com', name: 'Vera Viewer' });
    stranger = await createVerifiedAccount(t, {
      email: 'stranger@example.com',
      name: 'Stan Stranger',
    });
    acmeId = (await call<{ id: string }>('POST', '/customer/company', owner, acme)).json.data.id;
    globexId = (await call<{ id: string }>('POST', '/customer/company', owner, globex)).json.data
      .id;
    asMember = inWorkspace(t, ownerId);
    // Several accounts through the real sign-up: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('invites by mail with a single-use link stored hashed, and the invitee joins', async () => {
    const invited = await call('POST', '/team/invitations', owner, {
      email: 'Editor@Example.com',
      role: 'editor',
    });
    expect(invited.status).toBe(201);
    expect(invited.json.data).toMatchObject({ email: 'editor@example.com', role: 'editor' });
    const link = invitationLinkIn(t, 'editor@example.com');
    expect(link.url).toBe(`${t.config.publicUrl.replace(/\/$/, '')}/invite/${link.token}`);
    const [row] = await t.infra.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.email, 'editor@example.com'));
    expect(row?.tokenHash).not.toContain(link.token);
    expect(row?.expiresAt.getTime()).toBe(t.clock().getTime() + 7 * 86_400_000);

    const preview = await call('GET', `/team/invitations/${link.token}`, null);
    expect(preview.status).toBe(200);
    expect(preview.json.data).toMatchObject({
      workspace_name: 'Olive Owner',
      inviter: 'Olive Owner',
      role: 'editor',
      email: 'editor@example.com',
    });

    const wrongPerson = await call('POST', `/team/invitations/${link.token}/accept`, stranger);
    expect(wrongPerson.status).toBe(403);
    expect(wrongPerson.json.code).toBe('INVITATION_NOT_YOURS');

    const accepted = await call('POST', `/team/invitations/${link.token}/accept`, editor);
    expect(accepted.status).toBe(200);
    expect(accepted.json.data).toMatchObject({ workspace: { id: ownerId, role: 'editor' } });

    // Single use: the link is gone for everyone.
    expect((await call('POST', `/team/invitations/${link.token}/accept`, editor)).status).toBe(404);
    expect((await call('GET', `/team/invitations/${link.token}`, null)).json.code).toBe(
      'INVITATION_NOT_FOUND',
    );

    const workspaces = await call<{ rows: Array<Record<string, unknown>> }>(
      'GET',
      '/team/workspaces',
      editor,
    );
    expect(workspaces.json.data.rows).toEqual([
      expect.objectContaining({
        name: 'Eddie Editor',
        role: 'owner',
        owner_email: 'editor@example.com',
      }),
      { id: ownerId, name: 'Olive Owner', role: 'editor', owner_email: 'owner@example.com' },
    ]);

    await addMember(t, owner, { email: 'viewer@example.com', token: viewer }, 'viewer');
    const members = await call<{
      rows: Array<Record<string, unknown>>;
      seats_used: number;
      seat_limit: number;
    }>('GET', '/team/members', owner);
    expect(members.json.data.seats_used).toBe(3);
    expect(members.json.data.seat_limit).toBe(5);
    expect(members.json.data.rows.map((row) => [row.email, row.role, row.status])).toEqual([
      ['owner@example.com', 'owner', 'active'],
      ['editor@example.com', 'editor', 'active'],
      ['viewer@example.com', 'viewer', 'active'],
    ]);
  });

  it("over the plan's seats, an invitation is 403 PLAN_LIMIT; cancelling one frees its seat", async () => {
    const ids: string[] = [];
    for (const email of ['s1@example.com', 's2@example.com']) {
      const sent = await call<{ id: string }>('POST', '/team/invitations', owner, {
        email,
        role: 'viewer',
      });
      expect(sent.status).toBe(201);
      ids.push(sent.json.data.id);
    }
    const over = await call('POST', '/team/invitations', owner, {
      email: 's3@example.com',
      role: 'viewer',
    });
    expect(over.status).toBe(403);
    expect(over.json).toMatchObject({
      code: 'PLAN_LIMIT',
      message: 'Your plan includes 5 team members: Upgrade',
    });
    expect((await call('DELETE', `/team/invitations/${ids[0]}`, owner)).status).toBe(200);
    expect(
      (await call('POST', '/team/invitations', owner, { email: 's3@example.com', role: 'viewer' }))
        .status,
    ).toBe(201);
    // Clean up the seats for the tests that follow.
    for (const id of [ids[1]!, ...(await openInvitationIds())])
      await call('DELETE', `/team/invitations/${id}`, owner);

    const solo = await createVerifiedAccount(t, { email: 'solo@example.com' });
    const free = await call('POST', '/team/invitations', solo, {
      email: 'x@example.com',
      role: 'editor',
    });
    expect(free.status).toBe(403);
    expect(free.json.message).toBe('Your plan includes 1 team member: Upgrade');
  });

  async function openInvitationIds() {
    const rows = (
      await call<{ rows: Array<{ id: string; status: string }> }>('GET', '/team/members', owner)
    ).json.data.rows;
    return rows.filter((row) => row.status === 'invited').map((row) => row.id);
  }

  it("an admin changes a plan's team members on its card, and invitations follow", async () => {
    // The first verified account (the owner here) is the instance's admin.
    const plans = (await call<Array<Record<string, unknown>>>('GET', '/admin/plans', owner)).json
      .data;
    expect(Object.fromEntries(plans.map((plan) => [plan.tier, plan.max_members]))).toEqual({
      free: 1,
      pro: 1,
      business: 5,
      enterprise: null,
    });
    const business = plans.find((plan) => plan.tier === 'business')!;
    const card = {
      price: business.price,
      sale_price: business.sale_price,
      sale_end_date: business.sale_end_date,
      highlight_points: business.highlight_points,
    };
    const save = (body: object) =>
      call('PATCH', `/admin/plans/${String(business.id)}`, owner, body);
    expect((await save({ ...card, max_members: 0 })).json.message).toBe(
      'Team members must be at least 1 (the owner)',
    );
    const lowered = await save({ ...card, max_members: 3 });
    expect(lowered.json.data).toMatchObject({ max_members: 3 });
    const over = await call('POST', '/team/invitations', owner, {
      email: 'x@example.com',
      role: 'viewer',
    });
    expect(over.json.message).toBe('Your plan includes 3 team members: Upgrade');
    // A card saved without the field keeps it; null is unlimited.
    expect((await save(card)).json.data).toMatchObject({ max_members: 3 });
    expect((await save({ ...card, max_members: null })).json.data).toMatchObject({
      max_members: null,
    });
    expect((await call('GET', '/team/members', owner)).json.data).toMatchObject({
      seat_limit: null,
    });
    await save({ ...card, max_members: 5 });
  });

  it("an API key made by a member belongs to the workspace and is limited to the member's entities", async () => {
    const boss = await createVerifiedAccount(t, { email: 'boss@example.com', name: 'Bo Boss' });
    const bossId = await accountIdOf(t, 'boss@example.com');
    await setTierByCommand(t, 'boss@example.com', 'enterprise');
    const north = (await call<{ id: string }>('POST', '/customer/company', boss, acme)).json.data
      .id;
    const south = (await call<{ id: string }>('POST', '/customer/company', boss, globex)).json.data
      .id;
    const lead = await createVerifiedAccount(t, { email: 'lead@example.com', name: 'Lea Lead' });
    await addMember(t, boss, { email: 'lead@example.com', token: lead }, 'manager', [north]);
    const asLead = inWorkspace(t, bossId);
    const key = await asLead<{ entity_ids: string[] | null }>('POST', '/customer/api-keys', lead, {
      name: 'Lead key',
      scopes: ['read'],
    });
    expect(key.status).toBe(201);
    expect(key.json.data.entity_ids).toEqual([north]);
    const wider = await asLead('POST', '/customer/api-keys', lead, {
      name: 'Wider',
      scopes: ['read'],
      entity_ids: [south],
    });
    expect(wider.status).toBe(400);
    // The key is the workspace's: its owner sees it in their list.
    const listed = await call<Array<{ name: string }>>('GET', '/customer/api-keys', boss);
    expect(JSON.stringify(listed.json.data)).toContain('Lead key');
  });

  it('a request names its workspace; a stranger to it is 403 NOT_A_MEMBER', async () => {
    const own = await call<{ rows: unknown[] }>('GET', '/customer/company', editor);
    expect(own.json.data.rows).toEqual([]);
    const theirs = await asMember<{ rows: Array<{ name: string }> }>(
      'GET',
      '/customer/company',
      editor,
    );
    expect(theirs.json.data.rows.map((row) => row.name).sort()).toEqual(['Acme', 'Globex']);
    for (const header of [ownerId, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const refused = await inWorkspace(t, header)('GET', '/customer/company', stranger);
      expect(refused.status).toBe(403);
      expect(refused.json.code).toBe('NOT_A_MEMBER');
    }
    // The owner cannot reach into a member's own workspace either.
    const editorId = await accountIdOf(t, 'editor@example.com');
    expect((await inWorkspace(t, editorId)('GET', '/customer/post', owner)).json.code).toBe(
      'NOT_A_MEMBER',
    );
  });

  it('roles: a viewer changes nothing, an editor writes posts but not entities, members never see billing', async () => {
    const viewerWrite = await asMember('POST', '/customer/post', viewer, {
      company_id: acmeId,
      content: 'Hi',
    });
    expect(viewerWrite.status).toBe(403);
    expect(viewerWrite.json.code).toBe('FORBIDDEN_ROLE');
    const editorEntity = await asMember('POST', '/customer/company', editor, {
      ...acme,
      name: 'Nope',
    });
    expect(editorEntity.json.code).toBe('FORBIDDEN_ROLE');
    for (const token of [editor, viewer]) {
      const billing = await asMember('GET', '/customer/subscription', token);
      expect(billing.status).toBe(403);
      expect((await asMember('GET', '/customer/billing-history', token)).status).toBe(403);
      expect(
        (
          await asMember('POST', '/team/invitations', token, {
            email: 'z@example.com',
            role: 'viewer',
          })
        ).json.code,
      ).toBe('FORBIDDEN_ROLE');
    }

    const written = await asMember<{ id: string; created_by: { name: string } }>(
      'POST',
      '/customer/post',
      editor,
      {
        company_id: acmeId,
        content: 'Written by the editor',
      },
    );
    expect(written.status).toBe(201);
    expect(written.json.data.created_by).toMatchObject({ name: 'Eddie Editor' });
    // The owner sees it in their workspace, by its author.
    const seen = await call<{ created_by: { name: string } }>(
      'GET',
      `/customer/post/${written.json.data.id}`,
      owner,
    );
    expect(seen.json.data.created_by).toMatchObject({ name: 'Eddie Editor' });
    const viewerRead = await asMember<{ rows: Array<{ id: string }> }>(
      'GET',
      '/customer/post',
      viewer,
    );
    expect(viewerRead.json.data.rows.map((row) => row.id)).toContain(written.json.data.id);
  });

  it("/customer/me names the caller's role in the chosen workspace and the entities they are limited to", async () => {
    type Me = { email: string; role: string; entity_ids: string[] | null };
    const own = await call<Me>('GET', '/customer/me', owner);
    expect(own.json.data).toMatchObject({ role: 'owner', entity_ids: null });
    // In their own workspace (no header) a member is its owner.
    expect((await call<Me>('GET', '/customer/me', editor)).json.data).toMatchObject({
      email: 'editor@example.com',
      role: 'owner',
      entity_ids: null,
    });
    expect((await asMember<Me>('GET', '/customer/me', editor)).json.data).toMatchObject({
      email: 'editor@example.com',
      role: 'editor',
      entity_ids: null,
    });
    expect((await asMember<Me>('GET', '/customer/me', viewer)).json.data.role).toBe('viewer');
    const editorId = await accountIdOf(t, 'editor@example.com');
    await call('PATCH', `/team/members/${editorId}`, owner, {
      role: 'editor',
      entity_ids: [acmeId],
    });
    expect((await asMember<Me>('GET', '/customer/me', editor)).json.data.entity_ids).toEqual([
      acmeId,
    ]);
    await call('PATCH', `/team/members/${editorId}`, owner, { role: 'editor', entity_ids: null });
    // A stranger to the workspace learns nothing about it.
    const refused = await asMember('GET', '/customer/me', stranger);
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('NOT_A_MEMBER');
  });

  it('a member limited to some entities finds the others absent in lists, counts and look-ups', async () => {
    const editorId = await accountIdOf(t, 'editor@example.com');
    const globexPost = await call<{ id: string }>('POST', '/customer/post', owner, {
      company_id: globexId,
      content: 'Globex only',
    });
    const acmePost = await call<{ id: string }>('POST', '/customer/post', owner, {
      company_id: acmeId,
      content: 'Acme news',
    });
    const limited = await call('PATCH', `/team/members/${editorId}`, owner, {
      role: 'editor',
      entity_ids: [acmeId],
    });
    expect(limited.status).toBe(200);
    expect(limited.json.data).toMatchObject({ entity_ids: [acmeId], role: 'editor' });

    const companies = await asMember<{ rows: Array<{ id: string }> }>(
      'GET',
      '/customer/company',
      editor,
    );
    expect(companies.json.data.rows.map((row) => row.id)).toEqual([acmeId]);
    const posts = await asMember<{ rows: Array<{ company_id: string }>; count: number }>(
      'GET',
      '/customer/post',
      editor,
    );
    expect(posts.json.data.rows.every((row) => row.company_id === acmeId)).toBe(true);
    expect(posts.json.data.count).toBe(posts.json.data.rows.length);
    const all = await call<{ count: number }>('GET', '/customer/post', owner);
    expect(all.json.data.count).toBeGreaterThan(posts.json.data.count);
    const searched = await asMember<{ rows: unknown[]; count: number }>(
      'GET',
      '/customer/post?q=Globex',
      editor,
    );
    expect(searched.json.data).toMatchObject({ rows: [], count: 0 });
    const filtered = await asMember<{ rows: unknown[] }>(
      'GET',
      `/customer/post?company_id=${globexId}`,
      editor,
    );
    expect(filtered.json.data.rows).toEqual([]);

    const id = globexPost.json.data.id;
    expect((await asMember('GET', `/customer/post/${id}`, editor)).status).toBe(404);
    expect(
      (await asMember('PATCH', `/customer/post/${id}`, editor, { content: 'Mine now' })).status,
    ).toBe(404);
    expect((await asMember('DELETE', `/customer/post/${id}`, editor)).status).toBe(404);
    expect(
      (await asMember('POST', '/customer/post', editor, { company_id: globexId, content: 'No' }))
        .status,
    ).toBe(404);
    expect((await asMember('GET', `/customer/post/${acmePost.json.data.id}`, editor)).status).toBe(
      200,
    );

    // An entity not in the workspace is refused when limiting a member.
    const foreign = await call('PATCH', `/team/members/${editorId}`, owner, {
      role: 'editor',
      entity_ids: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(foreign.status).toBe(400);
    await call('PATCH', `/team/members/${editorId}`, owner, { role: 'editor', entity_ids: null });
  });

  it("a removed member's next request in the workspace is 403; their posts stay, authored by them", async () => {
    const removable = await createVerifiedAccount(t, {
      email: 'leaver@example.com',
      name: 'Lee Leaver',
    });
    await addMember(t, owner, { email: 'leaver@example.com', token: removable }, 'editor');
    const post = await asMember<{ id: string }>('POST', '/customer/post', removable, {
      company_id: acmeId,
      content: 'Before leaving',
    });
    expect(post.status).toBe(201);
    const leaverId = await accountIdOf(t, 'leaver@example.com');
    expect((await call('DELETE', `/team/members/${leaverId}`, owner)).status).toBe(200);
    const next = await asMember('GET', '/customer/post', removable);
    expect(next.status).toBe(403);
    expect(next.json.code).toBe('NOT_A_MEMBER');
    const kept = await call<{ created_by: { name: string } }>(
      'GET',
      `/customer/post/${post.json.data.id}`,
      owner,
    );
    expect(kept.json.data.created_by).toMatchObject({ name: 'Lee Leaver' });
    // Post Logs name the person who wrote the post an attempt was for.
    await insertLog(t.infra.database.db, {
      userId: ownerId,
      postId: post.json.data.id,
      instanceId: '00000000-0000-4000-8000-000000000000',
      platform: 'twitter',
      status: 'error',
      message: 'Network refused',
      scheduledFor: t.clock(),
    });
    const logs = await call<{ rows: Array<{ post_author: string | null }> }>(
      'GET',
      '/customer/logs',
      owner,
    );
    expect(logs.json.data.rows[0]?.post_author).toBe('Lee Leaver');
    const workspaces = await call<{ rows: unknown[] }>('GET', '/team/workspaces', removable);
    expect(workspaces.json.data.rows).toHaveLength(1);
  });

  it('an invitation expires after 7 days, and then holds no seat', async () => {
    await call('POST', '/team/invitations', owner, { email: 'late@example.com', role: 'viewer' });
    const { token } = invitationLinkIn(t, 'late@example.com');
    const late = await createVerifiedAccount(t, { email: 'late@example.com' });
    const seats = async () =>
      (await call<{ seats_used: number }>('GET', '/team/members', owner)).json.data.seats_used;
    expect(await seats()).toBe(4);
    expect(late).toBeTruthy();
    t.clock.advance(7 * 86_400 + 1);
    // Sessions outlive a week only by signing in again.
    owner = await signIn(t, 'owner@example.com', 'correct horse battery');
    const lateAgain = await signIn(t, 'late@example.com', 'correct horse battery');
    expect((await call('GET', `/team/invitations/${token}`, null)).status).toBe(404);
    expect((await call('POST', `/team/invitations/${token}/accept`, lateAgain)).status).toBe(404);
    expect(await seats()).toBe(3);
  });
});
