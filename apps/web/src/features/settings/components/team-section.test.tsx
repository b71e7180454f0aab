// @vitest-environment jsdom
import { API_PATHS, type TeamMemberList, type Workspace } from '@cadence/shared';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { COMPANIES_QUERY_KEY } from '../../../lib/queries/companies';
import { TEAM_MEMBERS_QUERY_KEY, WORKSPACES_QUERY_KEY } from '../../../lib/queries/team';
import { render as renderTree } from '../../../test/render';
import { TeamSection } from './team-section';

const OWNER_ID = '0b6f6a52-3c1e-4d8a-9f7e-000000000001';
const EDITOR_ID = '0b6f6a52-3c1e-4d8a-9f7e-000000000002';
const ENTITY = { id: '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f', name: 'Harbor Coffee' };
const team: TeamMemberList = {
  rows: [
    {
      id: OWNER_ID,
      email: 'owner@example.com',
      name: 'Olive Owner',
      role: 'owner',
      entity_ids: null,
      status: 'active',
      joined_at: null,
      last_active_at: null,
    },
    {
      id: EDITOR_ID,
      email: 'eddie@example.com',
      name: 'Eddie Editor',
      role: 'editor',
      entity_ids: [ENTITY.id],
      status: 'active',
      joined_at: '2026-11-20T10:00:00.000Z',
      last_active_at: '2026-11-21T10:00:00.000Z',
    },
    {
      id: 'a1b2c3d4-0000-4000-8000-000000000009',
      email: 'new@example.com',
      name: null,
      role: 'viewer',
      entity_ids: null,
      status: 'invited',
      joined_at: null,
      last_active_at: null,
      expires_at: '2026-11-28T10:00:00.000Z',
    },
  ],
  seats_used: 3,
  seat_limit: 5,
};

function render(role: Workspace['role'] = 'owner') {
  const workspaces: Workspace[] = [
    { id: OWNER_ID, name: 'Olive Owner', role, owner_email: 'owner@example.com' },
  ];
  return renderTree(<TeamSection />, {
    queries: [
      [TEAM_MEMBERS_QUERY_KEY, team],
      [WORKSPACES_QUERY_KEY, workspaces],
      [
        COMPANIES_QUERY_KEY,
        { rows: [ENTITY], supported_social_accounts: [], company_limit: null, network_limit: null },
      ],
    ],
  });
}

function type(input: HTMLInputElement, value: string) {
  Reflect.set(HTMLInputElement.prototype, 'value', value, input);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const button = (root: ParentNode, text: string) => {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};

const answer = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

describe('Settings > Team', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the owner, the members with their roles and entities, the invitations and the seats', () => {
    const { container, unmount } = render();
    expect(container.querySelector('[data-testid="seats"]')?.textContent).toBe(
      '3 of 5 team members used',
    );
    const rows = [...container.querySelectorAll('[data-testid="team-member"]')].map(
      (row) => row.textContent,
    );
    expect(rows[0]).toContain('Olive Owner (owner@example.com)');
    expect(rows[1]).toContain('Editor · Entities: Harbor Coffee');
    expect(rows[1]).toContain('Joined Nov 20, 2026, last active Nov 21, 2026');
    expect(rows[2]).toContain('Invited, link valid until Nov 28, 2026');
    // Every control is named: the role select and the buttons say whose they are.
    expect(container.querySelector('label.sr-only')?.textContent).toBe(
      'Role of Eddie Editor (eddie@example.com)',
    );
    expect(
      container.querySelector('button[aria-label="Cancel invitation of new@example.com"]'),
    ).not.toBeNull();
    unmount();
  });

  it('sends an invitation with the role and entities chosen', async () => {
    const fetchMock = vi.fn((url: string, init: RequestInit) =>
      url.endsWith(API_PATHS.teamInvitations) && init.method === 'POST'
        ? answer(201, {
            message: 'Invitation sent',
            data: {
              id: 'a1b2c3d4-0000-4000-8000-000000000010',
              email: 'pat@example.com',
              role: 'viewer',
              entity_ids: [ENTITY.id],
              expires_at: '2026-11-28T10:00:00.000Z',
            },
          })
        : answer(200, { message: 'ok', data: team }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = render();
    const form = container.querySelector('form[aria-label="Invite a team member"]')!;
    act(() => type(form.querySelector('input[type="email"]')!, 'pat@example.com'));
    const select = form.querySelector('select')!;
    act(() => {
      Reflect.set(HTMLSelectElement.prototype, 'value', 'viewer', select);
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    act(() => (form.querySelector('input[type="checkbox"]') as HTMLInputElement).click());
    await act(async () => {
      button(form, 'Send invitation').click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(JSON.parse(post?.[1].body as string)).toEqual({
      email: 'pat@example.com',
      role: 'viewer',
      entity_ids: [ENTITY.id],
    });
    expect(container.querySelector('[role="status"]')?.textContent).toBe(
      'Invitation sent to pat@example.com.',
    );
    unmount();
  });

  it("over the plan's seats, says so with the way to upgrade", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        answer(403, {
          statusCode: 403,
          code: 'PLAN_LIMIT',
          message: 'Your plan includes 5 team members: Upgrade',
        }),
      ),
    );
    const { container, unmount } = render();
    const form = container.querySelector('form[aria-label="Invite a team member"]')!;
    act(() => type(form.querySelector('input[type="email"]')!, 'pat@example.com'));
    await act(async () => {
      button(form, 'Send invitation').click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const alert = form.querySelector('[role="alert"]');
    expect(alert?.textContent).toBe('Your plan includes 5 team members: Upgrade');
    expect(alert?.querySelector('a')?.getAttribute('href')).toBe('/subscriptions');
    unmount();
  });

  it('a member sees the team but cannot manage it', () => {
    const { container, unmount } = render('editor');
    expect(container.querySelector('form')).toBeNull();
    expect(container.querySelector('select')).toBeNull();
    expect(container.textContent).toContain("Only the workspace's owner can do this.");
    unmount();
  });
});
