// @vitest-environment jsdom
import { API_PATHS, type ApiKey, type CreatedApiKey } from '@cadence/shared';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render as renderTree } from '../../../test/render';
import { COMPANIES_QUERY_KEY } from '../../../lib/queries/companies';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import { USER_SETTINGS_QUERY_KEY } from '../../../lib/queries/user-settings';
import { API_KEYS_QUERY_KEY } from '../api/api-keys';
import { ApiKeysPanel } from './api-keys-panel';

const ZONE = 'Asia/Tokyo';
const ENTITY = { id: '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f', name: 'Harbor Coffee' };
const listed: ApiKey = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  name: 'CI deploy',
  prefix: 'Ab3_x-9Z',
  scopes: ['read', 'publish'],
  entity_ids: [ENTITY.id],
  created_at: '2026-11-20T15:30:00.000Z',
  last_used_at: null,
  expires_at: null,
};

function render(hasApi: boolean) {
  // Every query the panel reads is already in the cache, as the page would hold it.
  return renderTree(<ApiKeysPanel />, {
    queries: [
      [ME_QUERY_KEY, { features: { api: hasApi } }],
      [USER_SETTINGS_QUERY_KEY, { timezone: ZONE }],
      [
        COMPANIES_QUERY_KEY,
        { rows: [ENTITY], supported_social_accounts: [], company_limit: null, network_limit: null },
      ],
      [API_KEYS_QUERY_KEY, [listed]],
    ],
  });
}

/** Types into a React-controlled input. */
function type(input: HTMLInputElement, value: string) {
  // React tracks the value it set; the prototype's setter changes it past that tracker.
  Reflect.set(HTMLInputElement.prototype, 'value', value, input);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

const labelled = (root: ParentNode, text: string) => {
  const label = [...root.querySelectorAll('label')].find((l) => l.textContent?.includes(text));
  const input = label?.htmlFor
    ? document.getElementById(label.htmlFor)
    : label?.querySelector('input');
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input labelled ${text}`);
  return input;
};
const button = (root: ParentNode, text: string) => {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};

describe('the API keys panel', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('without API access on the plan, offers the way to upgrade', () => {
    const { container, unmount } = render(false);
    expect(container.textContent).toContain('API access is available on Enterprise: Upgrade');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/subscriptions');
    expect(container.querySelector('form')).toBeNull();
    unmount();
  });

  it('lists a key by its prefix, scopes, entities and times in the saved zone', () => {
    const { container, unmount } = render(true);
    const row = container.querySelector('[data-testid="api-key"]');
    expect(row?.textContent).toContain('CI deploy');
    expect(row?.textContent).toContain('cad_Ab3_x-9Z_…');
    expect(row?.textContent).toContain('Scopes: Read, Publish');
    expect(row?.textContent).toContain('Entities: Harbor Coffee');
    // 15:30 UTC is 00:30 the next day in Tokyo.
    expect(row?.textContent).toContain('Created Nov 21, 2026 12:30 AM');
    expect(row?.textContent).toContain('Last used never');
    unmount();
  });

  it('creates a key and shows it once in a dialog with Copy; Escape closes it', async () => {
    const created: CreatedApiKey = {
      ...listed,
      id: 'a1b2c3d4-0000-4000-8000-000000000002',
      name: 'Reporting',
      scopes: ['read'],
      entity_ids: null,
      key: 'cad_Zz9_yy8X_' + 'S'.repeat(43),
    };
    const fetchMock = vi.fn((url: string, init: RequestInit) => {
      const body =
        url.endsWith(API_PATHS.apiKeys) && init.method === 'POST'
          ? { message: 'created', data: created }
          : { message: 'listed', data: { rows: [listed] } };
      return Promise.resolve(
        new Response(JSON.stringify(body), {
          status: init.method === 'POST' ? 201 : 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = render(true);
    const form = container.querySelector('form[aria-label="Create an API key"]');
    if (!form) throw new Error('no create form');
    act(() => type(labelled(form, 'Key name'), 'Reporting'));
    await act(async () => {
      button(form, 'Create key').click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(JSON.parse(post?.[1].body as string)).toEqual({
      name: 'Reporting',
      scopes: ['read'],
      entity_ids: null,
      expires_at: null,
    });

    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain('Your new API key');
    expect(dialog?.textContent).toContain("Copy it now: it won't be shown again.");
    expect((dialog?.querySelector('#new-api-key') as HTMLInputElement).value).toBe(created.key);
    expect(button(dialog!, 'Copy key')).toBeTruthy();

    await act(async () => {
      document.activeElement?.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    unmount();
  });
  it('revokes a key after a confirm; Escape on the question returns focus to Revoke', async () => {
    const fetchMock = vi.fn((_url: string, init: RequestInit) =>
      Promise.resolve(
        init.method === 'DELETE'
          ? new Response(null, { status: 204 })
          : new Response(JSON.stringify({ message: 'listed', data: { rows: [] } }), {
              headers: { 'content-type': 'application/json' },
            }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = render(true);
    const revoke = container.querySelector<HTMLButtonElement>(
      'button[aria-label="Revoke the key CI deploy"]',
    );
    if (!revoke) throw new Error('no Revoke button');
    await act(async () => {
      revoke.focus();
      revoke.click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Revoke API key?');
    await act(async () => {
      document.activeElement?.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(document.activeElement).toBe(revoke);
    expect(fetchMock).not.toHaveBeenCalled();

    await act(async () => {
      revoke.click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const dialog = document.querySelector('[role="dialog"]');
    await act(async () => {
      button(dialog!, 'Revoke').click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.method).toBe('DELETE');
    expect(url).toBe(`/api/customer/api-keys/${listed.id}`);
    unmount();
  });
});
