import { ROUTES } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { FIRST_FRAME_ROUTES, renderFirstFrames, SCREEN_HEADERS } from './first-frames';

// The frames as the build renders them (build/first-frames.ts): to HTML, in Node.
const frames = await renderFirstFrames();
const frame = (route: string, isDemo = false) => {
  const rendered = frames[route];
  if (!rendered) throw new Error(`No first frame for ${route}`);
  return rendered[isDemo ? 'demo' : 'plain'];
};

describe('first frames', () => {
  it('has one for /login and every signed-in screen with a heading', () => {
    expect(FIRST_FRAME_ROUTES).toEqual([ROUTES.login, ...Object.keys(SCREEN_HEADERS)]);
  });

  it('is the sign-in form on /login, with the demo notice only on a demo', () => {
    const plain = frame(ROUTES.login);
    expect(plain).toContain('Sign in to your account');
    expect(plain).toMatch(/<input[^>]+type="email"/);
    // Nothing can be typed into the frame, by a person (inert) or a script (read-only).
    expect(plain.match(/<input\b/g)?.length).toBe(plain.match(/<input readOnly=""/g)?.length);
    expect(plain).not.toContain('Demo: simulated networks.');
    expect(frame(ROUTES.login, true)).toContain('Demo: simulated networks.');
  });

  it.each(Object.keys(SCREEN_HEADERS) as (keyof typeof SCREEN_HEADERS)[])(
    "is the navigation and the heading of %s, marking its own link, nobody's account",
    (route) => {
      const html = frame(route);
      const { title, description } = SCREEN_HEADERS[route];
      expect(html).toContain(`>${title}</h1>`);
      expect(html).toContain(description.replaceAll("'", '&#x27;'));
      expect(html).toMatch(new RegExp(`aria-current="page"[^>]*href="${route}"`));
      expect(html).not.toContain('Logout');
      expect(html).not.toContain('Demo: simulated networks.');
      expect(frame(route, true)).toContain('Demo: simulated networks.');
    },
  );

  it('is inert and hidden from assistive technology until the app takes over', () => {
    expect(frame(ROUTES.posts)).toMatch(/^<div inert="" aria-hidden="true"/);
  });

  it("shows the admin's links on the admin screen only", () => {
    expect(frame(ROUTES.admin)).toMatch(/aria-current="page"[^>]*href="\/admin\/subscriptions"/);
    expect(frame(ROUTES.companies)).not.toContain('href="/admin/subscriptions"');
  });
});
