// @vitest-environment jsdom
import { TOKEN_STORAGE_KEY, type InvitationPreview } from '@cadence/shared';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { invitationQueryKey } from '../../../lib/queries/team';
import {
  getPendingInvite,
  getWorkspaceId,
  setPendingInvite,
  setWorkspaceId,
} from '../../../lib/workspace';
import { render } from '../../../test/render';
import { InvitePage } from './invite-page';

const TOKEN = 'tok_abcdefghijklmnopqrstuvwxyz0123456789';
const preview: InvitationPreview = {
  workspace_name: 'Olive Owner',
  inviter: 'Olive Owner',
  role: 'editor',
  email: 'eddie@example.com',
  expires_at: '2026-11-28T10:00:00.000Z',
  brand: { name: 'Cadence', logo_url: null, accent_color: '#4f46e5' },
};
const WORKSPACE_ID = '0b6f6a52-3c1e-4d8a-9f7e-000000000001';

function renderPage(cached: InvitationPreview | null = preview) {
  return render(null, {
    route: `/invite/${TOKEN}`,
    routes: [
      { path: '/invite/:token', element: <InvitePage /> },
      { path: '/companies', element: <p>Entities page</p> },
      { path: '/login', element: <p>Login page</p> },
    ],
    queries: cached ? [[invitationQueryKey(TOKEN), cached]] : [],
  });
}

describe('the invitation page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
    setPendingInvite(null);
    setWorkspaceId(null);
  });

  it('tells a visitor who invites them where, and offers sign-up or sign-in, remembering the link', () => {
    const { container, unmount } = renderPage();
    expect(container.querySelector('h1')?.textContent).toBe("Join Olive Owner's workspace");
    expect(container.textContent).toContain('Olive Owner invited eddie@example.com as Editor.');
    const links = [...container.querySelectorAll('a')].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual([
      ['Sign up to join', '/login?mode=signup'],
      ['I have an account: sign in', '/login'],
    ]);
    expect(getPendingInvite()).toBe(TOKEN);
    unmount();
  });

  it("wears the workspace's brand instead of Cadence's when it has one", () => {
    const { container, unmount } = renderPage({
      ...preview,
      brand: {
        name: 'Northwind Agency',
        logo_url: '/uploads/logos/northwind.png',
        accent_color: '#1d4ed8',
      },
    });
    expect(container.textContent).toContain('Northwind Agency');
    expect(container.textContent).not.toContain('Cadence');
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      '/uploads/logos/northwind.png',
    );
    const signUp = [...container.querySelectorAll('a')].find(
      (a) => a.textContent === 'Sign up to join',
    );
    expect(signUp?.style.backgroundColor).toBe('rgb(29, 78, 216)');
    unmount();
  });

  it("shows Cadence's own logo for a workspace without a brand", () => {
    const { container, unmount } = renderPage();
    expect(container.textContent).toContain('Cadence');
    expect(container.querySelector('svg')).not.toBeNull();
    unmount();
  });

  it('signed in, joins and lands in the workspace', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'session-token');
    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      Promise.resolve(
        new Response(
          JSON.stringify({
            message: 'You joined the workspace',
            data: {
              workspace: {
                id: WORKSPACE_ID,
                name: 'Olive Owner',
                role: 'editor',
                owner_email: 'owner@example.com',
              },
            },
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = renderPage();
    const join = [...container.querySelectorAll('button')].find(
      (b) => b.textContent === 'Join the workspace',
    )!;
    await act(async () => {
      join.click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe(`/api/team/invitations/${TOKEN}/accept`);
    expect(init.method).toBe('POST');
    expect(getWorkspaceId()).toBe(WORKSPACE_ID);
    expect(container.textContent).toContain('Entities page');
    unmount();
  });

  it('an expired or used link says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(JSON.stringify({ code: 'INVITATION_NOT_FOUND', message: 'gone' }), {
            status: 404,
            headers: { 'content-type': 'application/json' },
          }),
        ),
      ),
    );
    const { container, unmount } = renderPage(null);
    for (let tries = 0; tries < 100 && !container.querySelector('h1'); tries += 1) {
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
    }
    expect(container.querySelector('h1')?.textContent).toBe('Invitation not found');
    expect(container.textContent).toContain(
      'This invitation has expired or was already used. Ask for a new one.',
    );
    unmount();
  });
});
