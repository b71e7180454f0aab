import { describe, expect, it } from 'vitest';
import { createSessionCache, type SessionUser } from './session-cache.js';

const user = (tokenVersion: number): SessionUser => ({
  id: 'u1',
  name: 'Ada',
  email: 'ada@example.com',
  isAdmin: false,
  avatarUrl: null,
  isVerified: true,
  tokenVersion,
  revokedTokens: [],
});

describe('session cache', () => {
  it('reads an account once per TTL, again after it, and at once after forget', async () => {
    let time = 0;
    let version = 1;
    let reads = 0;
    const load = () => {
      reads += 1;
      return Promise.resolve(user(version));
    };
    const cache = createSessionCache(5_000, () => time);
    expect((await cache.get('u1', load))?.tokenVersion).toBe(1);
    // Changed elsewhere: this process keeps its answer until the TTL runs out.
    version = 2;
    time = 4_999;
    expect((await cache.get('u1', load))?.tokenVersion).toBe(1);
    expect(reads).toBe(1);
    time = 5_000;
    expect((await cache.get('u1', load))?.tokenVersion).toBe(2);
    expect(reads).toBe(2);
    version = 3;
    cache.forget('u1');
    expect((await cache.get('u1', load))?.tokenVersion).toBe(3);
    expect(reads).toBe(3);
  });

  it('shares one lookup between concurrent requests and forgets failed ones', async () => {
    let reads = 0;
    const cache = createSessionCache(5_000, () => 0);
    const slow = () => {
      reads += 1;
      return new Promise<SessionUser>((resolve) => setTimeout(() => resolve(user(1)), 5));
    };
    await Promise.all([cache.get('u1', slow), cache.get('u1', slow), cache.get('u1', slow)]);
    expect(reads).toBe(1);

    const failing = () => Promise.reject(new Error('connection lost'));
    await expect(cache.get('u2', failing)).rejects.toThrow('connection lost');
    const ok = () => Promise.resolve({ ...user(1), id: 'u2' });
    expect((await cache.get('u2', ok))?.id).toBe('u2');
  });

  it('refresh reads now even when a fresh answer is kept', async () => {
    let version = 1;
    const load = () => Promise.resolve(user(version));
    const cache = createSessionCache(5_000, () => 0);
    await cache.get('u1', load);
    version = 2;
    expect((await cache.refresh('u1', load))?.tokenVersion).toBe(2);
    expect((await cache.get('u1', load))?.tokenVersion).toBe(2);
  });
});
