// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, setUnauthorizedHandler } from './api-client';
import { getToken, storeToken } from './session';

const answer401 = (message: string) =>
  new Response(JSON.stringify({ message, code: 'SESSION_EXPIRED' }), {
    status: 401,
    headers: { 'content-type': 'application/json' },
  });

afterEach(() => {
  setUnauthorizedHandler(null);
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('a 401 ends the session once, with the message of the call that ended it', () => {
  it("reports the first 401 and not the next calls', which went without a token", async () => {
    const reported: Array<string | null> = [];
    setUnauthorizedHandler((message) => reported.push(message));
    storeToken('old-token');
    const sent: Array<string | null> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        const auth = new Headers(init.headers).get('authorization');
        sent.push(auth);
        return Promise.resolve(
          answer401(
            auth === null
              ? 'Please sign in to continue.'
              : 'Your session has expired. Please sign in again.',
          ),
        );
      }),
    );

    // Another browser signed out everywhere: this one's next call is refused...
    await expect(apiRequest('/schedules')).rejects.toMatchObject({
      status: 401,
      endedSession: true,
    });
    expect(getToken()).toBeNull();
    // ...and a screen still on the page refetches, now without a token (the race that made
    // the 'Sign out everywhere' e2e flaky: this 401's message replaced the first one's).
    await expect(apiRequest('/customer/post')).rejects.toMatchObject({
      status: 401,
      // Announced already (by the first): its caller toasts nothing either.
      endedSession: true,
    });
    expect(sent).toEqual(['Bearer old-token', null]);
    expect(reported).toEqual(['Your session has expired. Please sign in again.']);
  });
});
