// @vitest-environment jsdom
import type { ReviewPage as ReviewPageData } from '@cadence/shared';
import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from '../../../test/render';
import { ReviewPage } from './review-page';

const TOKEN = 'T'.repeat(43);
const POST_ID = 'a1b2c3d4-0000-4000-8000-000000000001';
const page: ReviewPageData = {
  entity: { name: 'Harbor Coffee', logo_url: null },
  brand: { name: 'Northwind Agency', logo_url: null, accent_color: '#1d4ed8' },
  label: 'Week 48',
  expires_at: '2026-12-20T00:00:00.000Z',
  posts: [
    {
      id: POST_ID,
      content: 'Our winter blend is back.',
      url: null,
      media: null,
      previews: [
        { network: 'twitter', scheduled_for: '2026-12-01T09:00:00.000Z' },
        { network: 'linkedIn', scheduled_for: '2026-12-01T09:00:00.000Z' },
      ],
      comments: [
        {
          id: 'c1',
          body: 'Here is the launch post',
          visibility: 'client',
          author_name: 'Ada Owner',
          by_client: false,
          created_at: '2026-11-27T09:00:00.000Z',
        },
      ],
    },
  ],
};

function answer(status: number, body: unknown) {
  return Promise.resolve(
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    }),
  );
}
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 30)));
const routes = [{ path: '/review/:token', element: <ReviewPage /> }];
const button = (text: string) => {
  const found = [...document.querySelectorAll('button')].find(
    (b) => b.textContent?.trim() === text,
  );
  if (!found) throw new Error(`no button ${text}`);
  return found;
};
function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype =
    element instanceof HTMLTextAreaElement
      ? HTMLTextAreaElement.prototype
      : HTMLInputElement.prototype;
  Reflect.set(prototype, 'value', value, element);
  element.dispatchEvent(new Event('input', { bubbles: true }));
}

describe("a client's review page", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the brand, the entity, each network with its time, and takes an approval', async () => {
    const fetchMock = vi.fn((url: string, init: RequestInit) =>
      init.method === 'POST'
        ? answer(200, { message: 'Thank you: the post is approved.', data: null })
        : answer(200, { message: 'ok', data: page }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = render(null, { routes, route: `/review/${TOKEN}` });
    await settle();
    expect(container.textContent).toContain('Northwind Agency');
    expect(container.querySelector('h1')?.textContent).toBe('Harbor Coffee');
    expect(container.textContent).toContain('Week 48 · 1 post waits for your review');
    const networks = container.querySelector('ul[aria-label="Where and when it goes out"]');
    expect(networks?.textContent).toContain('X/Twitter');
    expect(networks?.textContent).toContain('LinkedIn');
    expect(networks?.textContent).toMatch(/Dec 1, 2026/);
    expect(container.textContent).toContain('Ada Owner: Here is the launch post');
    // No session token goes with a review link's calls.
    const [, firstInit] = fetchMock.mock.calls[0]!;
    expect(new Headers(firstInit.headers).get('Authorization')).toBeNull();

    act(() => type(document.getElementById('reviewer-name') as HTMLInputElement, 'Cleo Client'));
    await act(async () => {
      button('Approve').click();
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(post?.[0]).toBe(`/api/review/${TOKEN}/posts/${POST_ID}/approve`);
    expect(JSON.parse(post?.[1].body as string)).toEqual({ name: 'Cleo Client' });
    unmount();
  });

  it('asks for a comment and a name before sending a request for changes', async () => {
    const fetchMock = vi.fn((_url: string, init: RequestInit) =>
      init.method === 'POST'
        ? answer(200, { message: 'Thank you: your changes were sent.', data: null })
        : answer(200, { message: 'ok', data: page }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const { container, unmount } = render(null, { routes, route: `/review/${TOKEN}` });
    await settle();
    act(() => button('Request changes').click());
    await act(async () => {
      button('Send changes').click();
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(container.textContent).toContain('Comment is required');
    const comment = container.querySelector('textarea');
    act(() => type(comment!, 'Use our new logo'));
    await act(async () => {
      button('Send changes').click();
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(container.textContent).toContain('Your name is required');
    expect(fetchMock.mock.calls.some(([, init]) => init.method === 'POST')).toBe(false);
    act(() => type(document.getElementById('reviewer-name') as HTMLInputElement, 'Cleo'));
    await act(async () => {
      button('Send changes').click();
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
    const post = fetchMock.mock.calls.find(([, init]) => init.method === 'POST');
    expect(post?.[0]).toBe(`/api/review/${TOKEN}/posts/${POST_ID}/request-changes`);
    expect(JSON.parse(post?.[1].body as string)).toEqual({
      name: 'Cleo',
      comment: 'Use our new logo',
    });
    unmount();
  });

  it('says the link expired or was revoked when the server answers 404', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        answer(404, {
          message: 'This review link has expired or was revoked. Ask for a new one.',
          code: 'REVIEW_LINK_NOT_FOUND',
        }),
      ),
    );
    const { container, unmount } = render(null, { routes, route: `/review/${TOKEN}` });
    await settle();
    expect(container.querySelector('h1')?.textContent).toBe(
      'This review link has expired or was revoked. Ask for a new one.',
    );
    unmount();
  });
});
