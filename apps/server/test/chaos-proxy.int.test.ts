import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startChaosProxy, startFakeHttp, type ChaosFailure } from '@cadence/fakes';

/**
 * The proxy the benchmarks and the reliability test put in front of the network fakes: its
 * failures are what they claim to be (did the network see the call or not), and the same
 * seed gives the same run.
 */
describe('chaos proxy', () => {
  const seen: string[] = [];
  let upstream: Awaited<ReturnType<typeof startFakeHttp>>;

  beforeAll(async () => {
    upstream = await startFakeHttp((request) => {
      seen.push(request.url.pathname);
      return { status: 201, json: { ok: true } };
    });
  });
  afterAll(() => upstream.close());

  /** What the client saw for one request: a status, or 'dropped' (reset or timed out). */
  async function outcome(url: string) {
    try {
      const response = await fetch(url, { method: 'POST', body: '{}' });
      return response.status === 429
        ? `429 after ${response.headers.get('retry-after')}`
        : String(response.status);
    } catch {
      return 'dropped';
    }
  }

  async function runOnce(seed: number) {
    const proxy = await startChaosProxy(upstream.origin, {
      latencyMs: [0, 4],
      failureRate: 0.5,
      holdMs: 50,
      seed,
    });
    const outcomes: string[] = [];
    for (let k = 0; k < 40; k++) outcomes.push(await outcome(`${proxy.origin}/call/${k}`));
    const failures = proxy.failures();
    const forwarded = proxy.forwarded();
    await proxy.close();
    return { outcomes, failures, forwarded };
  }

  it('fails the same calls the same way under the same seed, and differently under another', async () => {
    const first = await runOnce(7);
    const again = await runOnce(7);
    const other = await runOnce(8);
    expect(again.outcomes).toEqual(first.outcomes);
    expect(again.failures).toEqual(first.failures);
    expect(other.outcomes).not.toEqual(first.outcomes);
    // About half failed, with several kinds among them.
    const failed = Object.values(first.failures).reduce((sum, n) => sum + n, 0);
    expect(failed).toBeGreaterThan(8);
    expect(failed).toBeLessThan(32);
    expect(Object.values(first.failures).filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
  });

  it.each<[ChaosFailure, string, boolean]>([
    ['server-error', '500', false],
    ['rate-limited', '429 after 2', false],
    ['timeout-before', 'dropped', false],
    ['timeout-after', 'dropped', true],
    ['reset', 'dropped', false],
  ])(
    '%s: the client sees %s; the network received the call: %s',
    async (kind, seenByClient, isReceived) => {
      const proxy = await startChaosProxy(upstream.origin, {
        failureRate: 1,
        failures: [kind],
        retryAfterSeconds: [2, 2],
        holdMs: 50,
      });
      const path = `/only/${kind}`;
      expect(await outcome(`${proxy.origin}${path}`)).toBe(seenByClient);
      expect(seen.includes(path)).toBe(isReceived);
      expect(proxy.failures()[kind]).toBe(1);
      await proxy.close();
    },
  );

  it('passes calls through with their answer when nothing fails, and counts them', async () => {
    const proxy = await startChaosProxy(upstream.origin, { latencyMs: 20 });
    const started = Date.now();
    expect(await outcome(`${proxy.origin}/plain`)).toBe('201');
    expect(Date.now() - started).toBeGreaterThanOrEqual(18);
    expect([proxy.requests(), proxy.forwarded()]).toEqual([1, 1]);
    await proxy.close();
  });
});
