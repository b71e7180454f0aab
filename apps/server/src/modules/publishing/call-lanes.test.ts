import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createCallLanes, LanePausedError, type LaneLimits } from './call-lanes.js';

/** A call that finishes when told to; records when it started. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

function harness(
  limits: Partial<LaneLimits> = {},
  options: { now?: () => number; stalledAfterMs?: number } = {},
) {
  const current: LaneLimits = { perAccount: 1, perNetwork: 100, total: 100, ...limits };
  const lanes = createCallLanes(() => current, options);
  const started: string[] = [];
  const gates = new Map<string, ReturnType<typeof gate>>();
  const call = (name: string, account: string, network: 'twitter' | 'bluesky' = 'twitter') => {
    const g = gate();
    gates.set(name, g);
    return lanes.run({ account, network }, async () => {
      started.push(name);
      await g.opened;
      return name;
    });
  };
  const finish = async (name: string) => {
    gates.get(name)?.open();
    await flush();
  };
  return { lanes, started, call, finish, current };
}

describe('call lanes', () => {
  it('runs one call per account at a time, in arrival order, without holding up other accounts', async () => {
    const h = harness();
    const runs = [h.call('a1', 'A'), h.call('a2', 'A'), h.call('b1', 'B'), h.call('a3', 'A')];
    await flush();
    expect(h.started).toEqual(['a1', 'b1']);
    await h.finish('a1');
    expect(h.started).toEqual(['a1', 'b1', 'a2']);
    await h.finish('a2');
    await h.finish('b1');
    await h.finish('a3');
    await expect(Promise.all(runs)).resolves.toEqual(['a1', 'a2', 'b1', 'a3']);
    expect(h.started).toEqual(['a1', 'b1', 'a2', 'a3']);
    expect(h.lanes.stats().total).toBe(0);
  });

  it('stops counting a stalled call toward the process cap, never toward its network', async () => {
    // Only the stall timers are faked (the calls' gates settle through setImmediate).
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    onTestFinished(() => {
      vi.useRealTimers();
    });
    const h = harness({ total: 1, perNetwork: 1 }, { stalledAfterMs: 20 });
    const runs = [h.call('x1', 'A'), h.call('x2', 'B'), h.call('b1', 'C', 'bluesky')];
    await flush();
    expect(h.started).toEqual(['x1']);
    vi.advanceTimersByTime(19);
    await flush();
    expect(h.started).toEqual(['x1']);
    // x1 hangs: past the stall, the cap lets Bluesky's call in; X's ceiling still holds x2.
    vi.advanceTimersByTime(1);
    await flush();
    expect(h.started).toEqual(['x1', 'b1']);
    expect(h.lanes.stats()).toMatchObject({ total: 1, stalled: 1 });
    await h.finish('x1');
    // x1 gave back only its network's and account's slots: the cap is still b1's.
    expect(h.lanes.stats()).toMatchObject({ total: 1, stalled: 0 });
    expect(h.started).toEqual(['x1', 'b1']);
    await h.finish('b1');
    expect(h.started).toEqual(['x1', 'b1', 'x2']);
    await h.finish('x2');
    await Promise.all(runs);
    expect(h.lanes.stats()).toMatchObject({ total: 0, stalled: 0 });
  });

  it('keeps to the process-wide cap and the per-network ceiling, serving accounts in turn', async () => {
    const h = harness({ total: 2, perNetwork: 1 });
    void h.call('x1', 'A', 'twitter');
    void h.call('x2', 'B', 'twitter');
    void h.call('b1', 'C', 'bluesky');
    void h.call('b2', 'D', 'bluesky');
    await flush();
    // One X call (the network's ceiling) and one Bluesky call (the cap of two in all).
    expect(h.started).toEqual(['x1', 'b1']);
    await h.finish('x1');
    expect(h.started).toEqual(['x1', 'b1', 'x2']);
    await h.finish('b1');
    expect(h.started).toEqual(['x1', 'b1', 'x2', 'b2']);
    await h.finish('x2');
    await h.finish('b2');
  });

  it('gives the slot back while a call waits outside it, and takes it again first', async () => {
    const h = harness();
    const polled = gate();
    const order: string[] = [];
    const first = h.lanes.run({ account: 'A', network: 'instagram' }, async (slot) => {
      order.push('create');
      await slot.outside(() => polled.opened);
      order.push('publish');
    });
    const second = h.lanes.run({ account: 'A', network: 'instagram' }, async () => {
      order.push('second');
      await flush();
    });
    const third = h.lanes.run({ account: 'A', network: 'instagram' }, () => {
      order.push('third');
      return Promise.resolve();
    });
    await flush();
    // While the first waits for its container, the account's next call runs.
    expect(order).toEqual(['create', 'second']);
    polled.open();
    await Promise.all([first, second, third]);
    // Back from outside, the first goes ahead of the calls that were still waiting.
    expect(order).toEqual(['create', 'second', 'publish', 'third']);
  });

  it('pauses one account after a 429 and leaves the others running', async () => {
    let clock = 1_000;
    const h = harness({}, { now: () => clock });
    h.lanes.pause({ account: 'A', network: 'twitter' }, clock + 60_000);
    await expect(
      h.lanes.run({ account: 'A', network: 'twitter' }, () => Promise.resolve('x')),
    ).rejects.toEqual(new LanePausedError(61_000));
    const other = h.call('b1', 'B');
    await flush();
    expect(h.started).toEqual(['b1']);
    await h.finish('b1');
    await expect(other).resolves.toBe('b1');
    clock += 60_001;
    await expect(
      h.lanes.run({ account: 'A', network: 'twitter' }, () => Promise.resolve('x')),
    ).resolves.toBe('x');
  });

  it('pauses every account of a network when the app is limited', async () => {
    const clock = 1_000;
    const h = harness({}, { now: () => clock });
    h.lanes.pause({ account: 'A', network: 'facebook' }, clock + 60_000, 'app');
    await expect(
      h.lanes.run({ account: 'B', network: 'facebook' }, () => Promise.resolve('x')),
    ).rejects.toBeInstanceOf(LanePausedError);
    await expect(
      h.lanes.run({ account: 'B', network: 'twitter' }, () => Promise.resolve('x')),
    ).resolves.toBe('x');
  });

  it('holds a call through a short pause and runs it when the pause ends', async () => {
    const h = harness();
    h.lanes.pause({ account: 'A', network: 'twitter' }, Date.now() + 30);
    const startedAt = Date.now();
    await expect(
      h.lanes.run({ account: 'A', network: 'twitter' }, () => Promise.resolve(Date.now())),
    ).resolves.toBeGreaterThanOrEqual(startedAt + 25);
  });

  it('refuses a call whose turn is far off, with a guess of when it comes', async () => {
    const clock = 1_000;
    const lanes = createCallLanes(() => ({ perAccount: 1, perNetwork: 10, total: 10 }), {
      now: () => clock,
      maxWaiting: 2,
      maxWaitMs: 500,
    });
    const lane = { account: 'A', network: 'twitter' as const };
    const held = gate();
    const runs = [0, 1, 2].map(() => lanes.run(lane, () => held.opened));
    await flush();
    const refused = await lanes.run(lane, () => Promise.resolve()).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(LanePausedError);
    expect(refused).toMatchObject({ reason: 'busy' });
    // Three turns ahead (two waiting, then this one) at the first guess of 250 ms each.
    expect((refused as LanePausedError).until).toBe(clock + 750);
    held.open();
    await Promise.all(runs);
  });

  it('lets a call wait in line when the line clears within the longest wait', async () => {
    const lanes = createCallLanes(() => ({ perAccount: 1, perNetwork: 10, total: 10 }), {
      maxWaiting: 2,
      maxWaitMs: 5_000,
    });
    const lane = { account: 'A', network: 'twitter' as const };
    const held = gate();
    // One in its slot, four waiting: 1.25 s of turns at the first guess, under 5 s.
    const runs = [0, 1, 2, 3, 4].map(() => lanes.run(lane, () => held.opened));
    await flush();
    expect(lanes.stats().waiting).toBe(4);
    held.open();
    await Promise.all(runs);
  });

  it('keeps one line per account while a call waits outside its slot', async () => {
    const lanes = createCallLanes(() => ({ perAccount: 1, perNetwork: 10, total: 10 }));
    const lane = { account: 'A', network: 'instagram' as const };
    let inSlot = 0;
    let most = 0;
    const enter = () => {
      inSlot += 1;
      most = Math.max(most, inSlot);
    };
    const polled = gate();
    const first = lanes.run(lane, async (slot) => {
      enter();
      inSlot -= 1;
      await slot.outside(() => polled.opened);
      enter();
      await flush();
      inSlot -= 1;
    });
    await flush();
    // The account has nothing in its slot now; a new call takes it and holds it a while.
    const held = gate();
    const second = lanes.run(lane, async () => {
      enter();
      polled.open();
      await held.opened;
      inSlot -= 1;
    });
    await flush();
    await flush();
    held.open();
    await Promise.all([first, second]);
    expect(most).toBe(1);
    expect(lanes.stats()).toMatchObject({ total: 0, waiting: 0 });
  });
});
