import { describe, expect, it } from 'vitest';
import { retryRead, retryUpload } from './read-retry.js';
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

describe('retryUpload', () => {
  it('asks again after a quick passing fault, and passes a timeout on at once', async () => {
    const quick = harness([fault('transient', { status: 503 }), fault('transient')]);
    await expect(retryUpload(quick.read, quick.options)).resolves.toBe('ok');
    expect(quick.calls()).toBe(3);

    const timedOut = fault('transient', { timedOut: true });
    const slow = harness([timedOut]);
    await expect(retryUpload(slow.read, slow.options)).rejects.toBe(timedOut);
    expect(slow.calls()).toBe(1);
  });

  it('asks a timed-out read again (only uploads pass timeouts on)', async () => {
    const h = harness([fault('transient', { timedOut: true })]);
    await expect(retryRead(h.read, h.options)).resolves.toBe('ok');
    expect(h.calls()).toBe(2);
  });
});
