import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.js';

describe('createBatcher', () => {
  it('runs the calls made together as one batch and answers each its own output', async () => {
    const batches: number[][] = [];
    const add = createBatcher(
      async (inputs: number[]) => {
        batches.push(inputs);
        return inputs.map((n) => n * 2);
      },
      { maxSize: 10, delayMs: 5 },
    );
    expect(await Promise.all([add(1), add(2), add(3)])).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('starts a batch as soon as it is full', async () => {
    const batches: number[][] = [];
    const add = createBatcher(
      async (inputs: number[]) => {
        batches.push(inputs);
        return inputs;
      },
      { maxSize: 2, delayMs: 1000 },
    );
    const started = Date.now();
    await Promise.all([add(1), add(2), add(3), add(4)]);
    expect(batches).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(Date.now() - started).toBeLessThan(900);
  });

  it('hands a failed batch its error, and the next batch runs', async () => {
    let calls = 0;
    const add = createBatcher(
      async (inputs: number[]) => {
        calls += 1;
        if (calls === 1) throw new Error('database blip');
        return inputs;
      },
      { maxSize: 10, delayMs: 1 },
    );
    const first = await Promise.allSettled([add(1), add(2)]);
    expect(first.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(await add(3)).toBe(3);
  });
});
