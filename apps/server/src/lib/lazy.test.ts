import { describe, expect, it } from 'vitest';
import { lazy } from './lazy.js';

describe('lazy', () => {
  it('loads once, on first use', async () => {
    let loads = 0;
    const get = lazy(() => Promise.resolve({ n: ++loads }));
    expect(loads).toBe(0);
    const [a, b] = await Promise.all([get(), get()]);
    expect(a).toBe(b);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let calls = 0;
    const get = lazy(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('not yet')) : Promise.resolve('ready');
    });
    await expect(get()).rejects.toThrow('not yet');
    await expect(get()).resolves.toBe('ready');
  });
});
