// @vitest-environment jsdom
import { API_PATHS, type AdminSetting } from '@cadence/shared';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render as renderTree } from '../../../test/render';
import { USER_SETTINGS_QUERY_KEY } from '../../../lib/queries/user-settings';
import { ADMIN_KEY } from '../api/admin-api';
import { SettingsSection } from './settings-section';

const setting = (key: string, value: number, min: number, max: number, unit: string) =>
  ({
    id: `id-${key}`,
    key,
    value: { value, min, max, unit },
    description: `About ${key}`,
    updated_at: '2026-11-20T15:30:00.000Z',
  }) satisfies AdminSetting;

const SETTINGS = [
  setting('publish_retry_base_ms', 30_000, 1_000, 600_000, 'ms'),
  setting('x_metrics_enabled', 1, 0, 1, 'on (1) / off (0)'),
];

function render() {
  return renderTree(<SettingsSection />, {
    queries: [
      [[...ADMIN_KEY, 'settings'], SETTINGS],
      [[...ADMIN_KEY, 'deployment', API_PATHS.adminDeployment], { next_deployment: null }],
      [USER_SETTINGS_QUERY_KEY, { timezone: 'UTC' }],
    ],
  });
}

describe('the admin settings', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('shows X metrics reads as a labelled switch with the billing hint, and saves it off as 0', async () => {
    const fetchMock = vi.fn((_url: string, init: RequestInit) => {
      const sent = JSON.parse((init.body as string | undefined) ?? '{"settings":[]}') as {
        settings: Array<{ key: string; value: number }>;
      };
      const saved = SETTINGS.map((row) => ({
        ...row,
        value: {
          ...row.value,
          value: sent.settings.find((s) => s.key === row.key)?.value ?? row.value.value,
        },
      }));
      return Promise.resolve(
        new Response(JSON.stringify({ message: 'saved', data: saved }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
      );
    });
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = render();

    const toggle = container.querySelector<HTMLButtonElement>('#setting-x_metrics_enabled');
    if (!toggle) throw new Error('no switch');
    expect(toggle.getAttribute('role')).toBe('switch');
    expect(toggle.getAttribute('aria-checked')).toBe('true');
    // Named by its label, and described by the hint that X bills each read.
    const label = container.querySelector('label[for="setting-x_metrics_enabled"]');
    expect(label?.textContent).toBe('X metrics reads');
    const hint = document.getElementById(toggle.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toContain('Each read is billed by X');
    // No number box for it; the other setting keeps its numeric input.
    expect(container.querySelector('input#setting-x_metrics_enabled')).toBeNull();
    expect(
      container.querySelector<HTMLInputElement>('input#setting-publish_retry_base_ms')?.type,
    ).toBe('number');

    act(() => toggle.click());
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    expect(fetchMock).not.toHaveBeenCalled();

    const save = [...container.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'Save Changes',
    );
    await act(async () => {
      save!.click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const put = fetchMock.mock.calls.find(([url]) => url.endsWith(API_PATHS.adminSettings));
    expect(JSON.parse(put?.[1].body as string)).toEqual({
      settings: [
        { key: 'publish_retry_base_ms', value: 30_000 },
        { key: 'x_metrics_enabled', value: 0 },
      ],
    });
    // The saved answer re-keys the form: the switch shows what was saved.
    const after = container.querySelector<HTMLButtonElement>('#setting-x_metrics_enabled');
    expect(after?.getAttribute('aria-checked')).toBe('false');
    unmount();
  });
});
