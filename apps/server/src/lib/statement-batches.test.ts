import { describe, expect, it } from 'vitest';
import { createStatementBatches } from './statement-batches.js';

/** A statement whose batches wait until released, recording what each was sent. */
function slowStatement() {
  const sent: string[][] = [];
  const releases: Array<() => void> = [];
  const wait = () => new Promise<void>((resolve) => releases.push(resolve));
  return {
    sent,
    releaseAll: () => releases.splice(0).forEach((release) => release()),
    async many(items: string[]) {
      sent.push(items);
      await wait();
      return items.map((item) => item.toUpperCase());
    },
    async one(item: string) {
      sent.push([item]);
      await wait();
      return item.toUpperCase();
    },
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('statement batches', () => {
  it('sends a lone call at once, and the calls made meanwhile together after it', async () => {
    const statement = slowStatement();
    const batches = createStatementBatches({ ...statement, keyOf: (item) => item, maxBatch: 10 });
    const first = batches('a');
    await settle();
    expect(statement.sent).toEqual([['a']]);
    const later = ['b', 'c', 'd'].map((item) => batches(item));
    await settle();
    // Nothing more goes out while the first is on its way.
    expect(statement.sent).toEqual([['a']]);
    statement.releaseAll();
    await expect(first).resolves.toBe('A');
    await settle();
    expect(statement.sent).toEqual([['a'], ['b', 'c', 'd']]);
    statement.releaseAll();
    await expect(Promise.all(later)).resolves.toEqual(['B', 'C', 'D']);
    expect(batches.stats()).toEqual({ batches: 2, calls: 4 });
  });

  it('sends the calls of each turn at once while fewer than maxInFlight are on their way', async () => {
    const statement = slowStatement();
    const batches = createStatementBatches({
      ...statement,
      keyOf: (item) => item,
      maxBatch: 10,
      maxInFlight: 2,
    });
    const answers = [batches('a'), batches('b')];
    await settle();
    answers.push(batches('c'));
    await settle();
    answers.push(batches('d'), batches('e'));
    await settle();
    // Two on their way: the third turn's calls wait for one of them.
    expect(statement.sent).toEqual([['a', 'b'], ['c']]);
    for (let turn = 0; turn < 20; turn++) {
      statement.releaseAll();
      await settle();
    }
    await expect(Promise.all(answers)).resolves.toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(statement.sent).toEqual([['a', 'b'], ['c'], ['d', 'e']]);
  });

  it('sends at most maxBatch calls in one statement', async () => {
    const statement = slowStatement();
    const batches = createStatementBatches({ ...statement, keyOf: (item) => item, maxBatch: 2 });
    const answers = ['a', 'b', 'c', 'd', 'e'].map((item) => batches(item));
    for (let turn = 0; turn < 20; turn++) {
      await settle();
      statement.releaseAll();
    }
    await expect(Promise.all(answers)).resolves.toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(statement.sent).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('makes the calls of a failed batch again alone, each answering or failing by itself', async () => {
    const alone: string[] = [];
    const batches = createStatementBatches({
      many: () => Promise.reject(new Error('deadlock detected')),
      one: (item: string) => {
        alone.push(item);
        return item === 'bad' ? Promise.reject(new Error(`no ${item}`)) : Promise.resolve(item);
      },
      keyOf: (item) => item,
      maxBatch: 10,
    });
    const answers = ['a', 'bad', 'c'].map((item) => batches(item).catch((e: Error) => e.message));
    await expect(Promise.all(answers)).resolves.toEqual(['a', 'no bad', 'c']);
    expect(alone).toEqual(['a', 'bad', 'c']);
  });

  it('never puts two calls with the same key in one statement', async () => {
    const statement = slowStatement();
    const batches = createStatementBatches({ ...statement, keyOf: (item) => item, maxBatch: 10 });
    const answers = [batches('a'), batches('b'), batches('a')];
    await settle();
    // The twin went alone beside the batch.
    expect(statement.sent).toEqual([['a'], ['a', 'b']]);
    statement.releaseAll();
    await expect(Promise.all(answers)).resolves.toEqual(['A', 'B', 'A']);
  });
});
