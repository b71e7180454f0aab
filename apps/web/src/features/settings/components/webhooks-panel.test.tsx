// @vitest-environment jsdom
import { API_PATHS, type Webhook, type WebhookWithSecret } from '@cadence/shared';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render as renderTree } from '../../../test/render';
import { COMPANIES_QUERY_KEY } from '../../../lib/queries/companies';
import { ME_QUERY_KEY } from '../../../lib/query-keys';
import { USER_SETTINGS_QUERY_KEY } from '../../../lib/queries/user-settings';
import { WEBHOOKS_QUERY_KEY } from '../api/webhooks';
import { WebhooksPanel } from './webhooks-panel';

const ZONE = 'Asia/Tokyo';
const ENTITY = { id: '0b6f6a52-3c1e-4d8a-9f7e-2a1b3c4d5e6f', name: 'Harbor Coffee' };
const disabled: Webhook = {
  id: 'c1b2c3d4-0000-4000-8000-000000000001',
  url: 'https://hooks.example.com/cadence',
  events: ['publication.published', 'publication.failed'],
  entity_ids: [ENTITY.id],
  status: 'disabled',
  failing_since: '2026-11-17T15:30:00.000Z',
  disabled_at: '2026-11-20T15:30:00.000Z',
  previous_secret_expires_at: null,
  created_at: '2026-11-10T15:30:00.000Z',
  updated_at: '2026-11-20T15:30:00.000Z',
};

function render(hasApi: boolean) {
  return renderTree(<WebhooksPanel />, {
    queries: [
      [ME_QUERY_KEY, { features: { api: hasApi } }],
      [USER_SETTINGS_QUERY_KEY, { timezone: ZONE }],
      [COMPANIES_QUERY_KEY, { rows: [ENTITY], supported_social_accounts: [], company_limit: null }],
      [WEBHOOKS_QUERY_KEY, [disabled]],
    ],
  });
}

function type(input: HTMLInputElement, value: string) {
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
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));
/** Lets queries answer until `found` holds (at most two seconds). */
async function until(found: () => unknown) {
  for (let waited = 0; !found() && waited < 2000; waited += 20) {
    await act(settle);
  }
}
const json = (body: unknown, status = 200) =>
  Promise.resolve(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

describe('the webhooks panel', () => {
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

  it('lists an endpoint with its status, events and entities, and turns a disabled one on', async () => {
    const fetchMock = vi.fn((_url: string, init: RequestInit) =>
      init.method === 'PATCH'
        ? json({
            message: 'updated',
            data: { ...disabled, status: 'enabled', failing_since: null },
          })
        : json({ message: 'listed', data: [disabled], next_cursor: null }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = render(true);
    const row = container.querySelector('[data-testid="webhook"]');
    expect(row?.textContent).toContain('https://hooks.example.com/cadence');
    // 15:30 UTC is 00:30 the next day in Tokyo.
    expect(row?.textContent).toContain(
      'Status: Disabled after failures since Nov 21, 2026 12:30 AM',
    );
    expect(row?.textContent).toContain('Events: publication.published, publication.failed');
    expect(row?.textContent).toContain('Entities: Harbor Coffee');
    await act(async () => {
      container
        .querySelector<HTMLButtonElement>(`button[aria-label="Turn on ${disabled.url}"]`)!
        .click();
      await settle();
    });
    const patch = fetchMock.mock.calls.find(([, init]) => init.method === 'PATCH');
    expect(patch?.[0]).toBe(`/api${API_PATHS.webhook.replace(':id', disabled.id)}`);
    expect(JSON.parse(patch?.[1].body as string)).toEqual({ enabled: true });
    unmount();
  });

  it('adds an endpoint with the chosen events and shows its secret once; Escape closes it', async () => {
    const created: WebhookWithSecret = {
      ...disabled,
      id: 'c1b2c3d4-0000-4000-8000-000000000002',
      url: 'https://example.com/in',
      events: ['post.completed'],
      entity_ids: null,
      status: 'enabled',
      failing_since: null,
      disabled_at: null,
      secret: `whsec_${'A'.repeat(43)}=`,
    };
    const fetchMock = vi.fn((_url: string, init: RequestInit) =>
      init.method === 'POST'
        ? json({ message: 'created', data: created }, 201)
        : json({ message: 'listed', data: [disabled, created], next_cursor: null }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = render(true);
    const form = container.querySelector('form[aria-label="Add a webhook endpoint"]')!;
    // Without events: the form says so and sends nothing.
    act(() => type(labelled(form, 'Endpoint URL'), 'https://example.com/in'));
    await act(async () => {
      button(form, 'Add endpoint').click();
      await settle();
    });
    expect(form.textContent).toContain('Choose at least one event');
    expect(fetchMock).not.toHaveBeenCalled();

    act(() => labelled(form, 'post.completed').click());
    await act(async () => {
      button(form, 'Add endpoint').click();
      await settle();
    });
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(post?.[0]).toBe(`/api${API_PATHS.webhooks}`);
    expect(JSON.parse(post?.[1].body as string)).toEqual({
      url: 'https://example.com/in',
      events: ['post.completed'],
      entity_ids: null,
    });
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain('Your webhook signing secret');
    expect(dialog?.textContent).toContain("Copy it now: it won't be shown again.");
    expect((dialog?.querySelector('#new-webhook-secret') as HTMLInputElement).value).toBe(
      created.secret,
    );
    expect(button(dialog!, 'Copy secret')).toBeTruthy();
    await act(async () => {
      document.activeElement?.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }),
      );
      await settle();
    });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    unmount();
  });

  it('shows recent deliveries, sends a test, and deletes after a confirm', async () => {
    const fetchMock = vi.fn((url: string, init: RequestInit) => {
      if (url.includes('/deliveries'))
        return json({
          message: 'listed',
          data: [
            {
              id: 'd1',
              message_id: 'm1',
              event: 'webhook.test',
              attempt: 2,
              status_code: 500,
              success: false,
              error: 'answered 500',
              duration_ms: 42,
              created_at: '2026-11-20T15:30:00.000Z',
            },
          ],
          next_cursor: null,
        });
      if (init.method === 'DELETE') return Promise.resolve(new Response(null, { status: 204 }));
      if (init.method === 'POST')
        return json({ message: 'queued', data: { message_id: 'm2' } }, 202);
      return json({ message: 'listed', data: [disabled], next_cursor: null });
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = render(true);
    const toggle = button(container, 'Show recent deliveries');
    await act(async () => {
      toggle.click();
      await settle();
    });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await until(() => container.querySelector('table'));
    const table = container.querySelector('table');
    expect(table?.textContent).toContain('webhook.test');
    expect(table?.textContent).toContain('500');
    expect(table?.textContent).toContain('42 ms');

    await act(async () => {
      container
        .querySelector<HTMLButtonElement>(`button[aria-label="Send test to ${disabled.url}"]`)!
        .click();
      await settle();
    });
    expect(
      fetchMock.mock.calls.some(([url, init]) => init.method === 'POST' && url.endsWith('/test')),
    ).toBe(true);

    const remove = container.querySelector<HTMLButtonElement>(
      `button[aria-label="Delete ${disabled.url}"]`,
    )!;
    await act(async () => {
      remove.focus();
      remove.click();
      await settle();
    });
    const dialog = document.querySelector('[role="dialog"]');
    expect(dialog?.textContent).toContain('Delete webhook endpoint?');
    await act(async () => {
      button(dialog!, 'Delete').click();
      await settle();
    });
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) =>
          init.method === 'DELETE' && url === `/api/customer/webhooks/${disabled.id}`,
      ),
    ).toBe(true);
    unmount();
  });
});
