import { describe, expect, it } from 'vitest';
import { retryRead } from './read-retry.js';
import { NetworkError } from './types.js';

const fault = (kind: NetworkError['kind'], details: NetworkError['details'] = {}) =>
  new NetworkError('threads', kind, `a ${kind} fault`, details);

/** A read that fails with `faults` in turn, then answers 'ok'; and the waits it was given. */
function harness(faults: NetworkError[]) {
  let calls = 0;
  const waits: number[] = [];
  const read = () => {
    const next = faults[calls++];
    return next ? Promise.reject(next) : Promise.resolve('ok');
  };
  const options = {
    random: () => 0.5,
    wait: (ms: number) => Promise.resolve(waits.push(ms)),
  };
  return { read, options, waits, calls: () => calls };
}

describe('retryRead', () => {
  it('asks again after passing faults, with a growing jittered wait', async () => {
    const h = harness([fault('transient'), fault('transient'), fault('transient')]);
    await expect(retryRead(h.read, h.options)).resolves.toBe('ok');
    expect(h.calls()).toBe(4);
    expect(h.waits).toEqual([125, 250, 500]);
  });

  it('waits the Retry-After asked, within its cap', async () => {
    const h = harness([fault('rate-limited', { retryAfterSeconds: 2 })]);
    await expect(retryRead(h.read, h.options)).resolves.toBe('ok');
    expect(h.waits).toEqual([2000]);
  });

  it('passes on a longer Retry-After, an app-wide limit and a refusal at once', async () => {
    for (const error of [
      fault('rate-limited', { retryAfterSeconds: 60 }),
      fault('rate-limited', { retryAfterSeconds: 1, appLimited: true }),
      fault('auth'),
      fault('invalid'),
      fault('unconfirmed'),
    ]) {
      const h = harness([error]);
      await expect(retryRead(h.read, h.options)).rejects.toBe(error);
      expect(h.calls()).toBe(1);
    }
  });

  it('gives up after its retries with the last fault', async () => {
    const last = fault('transient');
    const h = harness([fault('transient'), fault('transient'), fault('transient'), last]);
    await expect(retryRead(h.read, h.options)).rejects.toBe(last);
    expect(h.calls()).toBe(4);
  });
});
