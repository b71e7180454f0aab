import { describe, expect, it } from 'vitest';
import { readOAuthLanding } from './oauth-landing';

const read = (query: string) => readOAuthLanding(new URLSearchParams(query));
const GENERIC = 'The connection could not be completed. Please try again from the Socials dialog.';

describe('readOAuthLanding', () => {
  it('is nothing on a plain visit', () => {
    expect(read('')).toBeNull();
    expect(read('network=twitter')).toBeNull();
  });

  it('opens the entity with the outcome of the connect', () => {
    expect(read('socials=c1&network=twitter&connected=1')).toEqual({
      companyId: 'c1',
      network: 'twitter',
      error: null,
      isConnected: true,
      choice: null,
    });
    expect(read('socials=c1&network=facebook&choose=p1')?.choice).toEqual({
      network: 'facebook',
      pendingId: 'p1',
    });
  });

  it("shows our words for the callback's error codes", () => {
    expect(read('network=twitter&error=other_browser')?.error).toBe(
      'This connection was started in another browser. Start it again from the Socials dialog.',
    );
    expect(read('socials=c1&network=twitter&error=cancelled')?.error).toBe(
      'X was not connected: the permission was not given.',
    );
    expect(read('network=facebook&error=no_pages')?.error).toBe(
      'No Facebook Page is managed by this account.',
    );
  });

  it.each([
    'error=Your+account+is+suspended.+Call+%2B1+555+0100',
    'network=twitter&error=Your+X+account+is+locked%2C+sign+in+at+evil.example',
    'socials=c1&network=twitter&error=%3Cimg+src%3Dx%3E',
    'network=twitter&error=',
    'network=bluesky&error=cancelled',
  ])('never shows the text of a crafted link (%s)', (query) => {
    const landing = read(query);
    expect(landing?.error).toBe(GENERIC);
  });
});
