import { describe, expect, it } from 'vitest';
import { exceedsNetworkLimit, networksInUse } from './connections.js';

describe("the plan's network limit", () => {
  it('counts each network once', () => {
    expect(networksInUse(['twitter', 'linkedIn', 'twitter'])).toEqual(['twitter', 'linkedIn']);
  });

  it('refuses a new network once the limit is used, but not a network already in use', () => {
    expect(exceedsNetworkLimit(['twitter', 'twitter'], 'linkedIn', 2)).toBe(false);
    expect(exceedsNetworkLimit(['twitter', 'linkedIn'], 'facebook', 2)).toBe(true);
    expect(exceedsNetworkLimit(['twitter', 'linkedIn'], 'twitter', 2)).toBe(false);
    expect(exceedsNetworkLimit([], 'twitter', 0)).toBe(true);
    expect(exceedsNetworkLimit(['twitter', 'linkedIn', 'facebook'], 'threads', null)).toBe(false);
  });
});
