// @vitest-environment jsdom
import { API_PATHS, type Branding, type TeamRole } from '@cadence/shared';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { changeValue, render } from '../../../test/render';
import { BRANDING_QUERY_KEY } from '../api/branding';
import { accentProblem, BrandingPanel } from './branding-panel';
import { sectionsFor } from './settings-sections';

const available: Branding = {
  available: true,
  brand: { name: 'Northwind Agency', logo_url: null, accent_color: '#1d4ed8' },
  effective: { name: 'Northwind Agency', logo_url: null, accent_color: '#1d4ed8' },
};

const answer = (status: number, body: unknown) =>
  Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );

const button = (root: ParentNode, text: string) => {
  const found = [...root.querySelectorAll('button')].find((b) => b.textContent?.trim() === text);
  if (!found) throw new Error(`no button ${text}`);
  return found;
};
const field = (root: ParentNode, label: string) => {
  const found = [...root.querySelectorAll('label')].find((l) => l.textContent?.trim() === label);
  const input = found && root.querySelector<HTMLInputElement>(`[id="${found.htmlFor}"]`);
  if (!input) throw new Error(`no field ${label}`);
  return input;
};
const messageOf = (input: HTMLInputElement) =>
  document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;

describe('Settings > Branding', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refuses a colour under 4.5:1 against white in the shared rule’s words', () => {
    expect(accentProblem('#1d4ed8')).toBeUndefined();
    expect(accentProblem('#7f9cf5')).toMatch(/^This accent colour has a contrast of 2\.\d\d:1/);
    expect(accentProblem('blue')).toBe('Accent colour must be a colour like #4f46e5');
  });

  it('on a plan without white label, says where it is: Available on Enterprise: Upgrade', () => {
    const { container, unmount } = render(<BrandingPanel />, {
      queries: [[BRANDING_QUERY_KEY, { ...available, available: false, brand: null }]],
    });
    expect(container.textContent).toContain('Available on Enterprise: Upgrade');
    expect(container.querySelector('a')?.getAttribute('href')).toBe('/subscriptions');
    expect(container.querySelector('form')).toBeNull();
    unmount();
  });

  it('previews the brand as it is typed, and keeps a pale colour from being sent', () => {
    const fetchMock = vi.fn(() => answer(200, { message: 'ok', data: available }));
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = render(<BrandingPanel />, {
      queries: [[BRANDING_QUERY_KEY, available]],
    });
    const preview = container.querySelector('[data-testid="brand-preview"]')!;
    expect(preview.getAttribute('aria-hidden')).toBe('true');
    expect(preview.textContent).toContain('Northwind Agency');
    changeValue(field(container, 'Brand name'), 'Harbor Studio');
    expect(preview.textContent).toContain('Harbor Studio');

    const colour = field(container, 'Accent colour');
    changeValue(colour, '#7f9cf5');
    expect(colour.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(colour)).toMatch(/needs at least 4\.5:1\. Choose a darker colour\.$/);
    // The preview keeps the last readable colour.
    expect(preview.innerHTML).toContain('rgb(29, 78, 216)');
    act(() => button(container, 'Save branding').click());
    expect(fetchMock).not.toHaveBeenCalled();
    unmount();
  });

  it("saves, and shows the server's refusal at the field it is about", async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
      answer(400, {
        statusCode: 400,
        code: 'CONTRAST_TOO_LOW',
        message:
          'This accent colour has a contrast of 4.40:1 with white; it needs at least 4.5:1. Choose a darker colour.',
      }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = render(<BrandingPanel />, {
      queries: [[BRANDING_QUERY_KEY, available]],
    });
    changeValue(field(container, 'Accent colour'), '#0f766e');
    await act(async () => {
      button(container, 'Save branding').click();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toContain(API_PATHS.teamBranding);
    expect(init.method).toBe('PUT');
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Northwind Agency',
      logo_url: null,
      accent_color: '#0f766e',
    });
    const colour = field(container, 'Accent colour');
    expect(colour.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(colour)).toBe(
      'This accent colour has a contrast of 4.40:1 with white; it needs at least 4.5:1. Choose a darker colour.',
    );
    unmount();
  });

  it('is a section of Settings for the owner only', () => {
    const ids = (role: TeamRole) => sectionsFor(role).map((section) => section.id);
    expect(ids('owner')).toContain('branding');
    expect(ids('manager')).not.toContain('branding');
    expect(ids('editor')).not.toContain('branding');
    expect(ids('viewer')).not.toContain('branding');
  });
});
