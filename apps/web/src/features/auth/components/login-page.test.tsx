// @vitest-environment jsdom
import { DEMO_PAGE_META, DEMO_SIGN_IN } from '@cadence/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../test/render';
import { LoginPage } from './login-page';

describe('the sign-in page on a demo server', () => {
  afterEach(() => {
    document.head.querySelector(`meta[name="${DEMO_PAGE_META}"]`)?.remove();
    vi.unstubAllGlobals();
  });

  it('draws the demo notice in its first frame when the page is marked, asking nothing', () => {
    const meta = document.createElement('meta');
    meta.name = DEMO_PAGE_META;
    document.head.append(meta);
    const fetch = vi.fn((_url: string | URL) => new Promise<Response>(() => {}));
    vi.stubGlobal('fetch', fetch);
    const { container, unmount } = render(<LoginPage />, { route: '/login' });
    const notice = container.querySelector('aside[aria-label="Demo notice"]');
    expect(notice?.textContent).toContain(DEMO_SIGN_IN.email);
    // The form comes after the notice from the first frame: the notice never pushes it down.
    expect(notice?.compareDocumentPosition(container.querySelector('form')!)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContainEqual(
      expect.stringContaining('/api/health'),
    );
    unmount();
  });

  it('without the mark, waits for the health answer and shows no notice before it', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    );
    const { container, unmount } = render(<LoginPage />, { route: '/login' });
    expect(container.querySelector('aside[aria-label="Demo notice"]')).toBeNull();
    expect(container.querySelector('form')).not.toBeNull();
    unmount();
  });
});
