import { describe, expect, it } from 'vitest';
import { createTokenService, tokenIdOf } from './tokens.js';

const key = Buffer.alloc(32, 7);

describe('token service', () => {
  it('reads its own tokens, again from memory, until they expire', async () => {
    let now = new Date('2026-11-24T10:00:00Z');
    const tokens = createTokenService(key, () => now, 60);
    const { token, expiresAt } = await tokens.issue({ userId: 'u1', tokenVersion: 3 });
    const read = { userId: 'u1', tokenVersion: 3, tokenId: tokenIdOf(token), expiresAt };
    expect(expiresAt).toEqual(new Date('2026-11-24T10:01:00Z'));
    expect(await tokens.read(token)).toEqual(read);
    now = new Date('2026-11-24T10:00:59Z');
    expect(await tokens.read(token)).toEqual(read);
    now = new Date('2026-11-24T10:01:00Z');
    expect(await tokens.read(token)).toBeUndefined();
    expect(await tokens.read(token)).toBeUndefined();
  });

  it('refuses altered, foreign and malformed tokens, even next to a known one', async () => {
    const clock = () => new Date('2026-11-24T10:00:00Z');
    const tokens = createTokenService(key, clock);
    const { token } = await tokens.issue({ userId: 'u1', tokenVersion: 0 });
    await tokens.read(token);
    const [header, , signature] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ sub: 'u2', tv: 0, exp: 9e9 })).toString(
      'base64url',
    );
    expect(await tokens.read(`${header}.${otherPayload}.${signature}`)).toBeUndefined();
    const foreign = await createTokenService(Buffer.alloc(32, 8), clock).issue({
      userId: 'u1',
      tokenVersion: 0,
    });
    expect(await tokens.read(foreign.token)).toBeUndefined();
    expect(await tokens.read('not-a-token')).toBeUndefined();
  });

  it('names each token by a hash that is not the token', async () => {
    const tokens = createTokenService(key, () => new Date('2026-11-24T10:00:00Z'));
    const first = await tokens.issue({ userId: 'u1', tokenVersion: 0 });
    // The same account, version and second: still two tokens.
    const second = await tokens.issue({ userId: 'u1', tokenVersion: 0 });
    expect(second.token).not.toBe(first.token);
    const firstId = (await tokens.read(first.token))?.tokenId;
    expect(firstId).toMatch(/^[\w-]{43}$/);
    expect(firstId).not.toBe((await tokens.read(second.token))?.tokenId);
    expect(first.token).not.toContain(firstId);
  });
});
