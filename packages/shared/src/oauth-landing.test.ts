import { describe, expect, it } from 'vitest';
import { OAUTH_MESSAGES } from './connections.js';
import { OAUTH_LANDING_ERRORS, oauthLandingMessage } from './oauth-landing.js';

describe('one-click landing errors', () => {
  it('shows our words for our codes', () => {
    expect(oauthLandingMessage('other_browser', 'twitter')).toBe(
      'This connection was started in another browser. Start it again from the Socials dialog.',
    );
    expect(oauthLandingMessage('cancelled', 'twitter')).toBe(
      'X was not connected: the permission was not given.',
    );
    expect(oauthLandingMessage('state_invalid', 'linkedIn')).toBe(
      "This LinkedIn sign-in link has expired or was already used. Start again with 'Connect with LinkedIn'.",
    );
    expect(oauthLandingMessage('no_pages', null)).toBe(OAUTH_MESSAGES.noPages);
  });

  it('has a text of its own for every code it lists', () => {
    for (const code of OAUTH_LANDING_ERRORS) {
      expect(oauthLandingMessage(code, 'threads')).not.toBe(OAUTH_MESSAGES.landingUnknown);
    }
  });

  it.each([
    ['Your account is locked. Call +1 555 0100 to unlock it.', 'twitter'],
    ['<b>hello</b>', 'facebook'],
    ['toString', 'twitter'],
    ['__proto__', 'twitter'],
    ['', 'twitter'],
    // A code that names the network, with no network of ours to name.
    ['cancelled', null],
    ['refused', 'bluesky'],
    ['refused', 'Evil Corp'],
  ])('shows the generic text for %j (network %j), never the address', (code, network) => {
    expect(oauthLandingMessage(code, network)).toBe(
      'The connection could not be completed. Please try again from the Socials dialog.',
    );
  });
});
