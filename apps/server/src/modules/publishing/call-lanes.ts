import type { NetworkId } from '@cadence/shared';

/** Where a network call goes: the account (a connection) and its network. */
export interface Lane {
  account: string;
  network: NetworkId;
  /** Calls of one account wait in this order (the post's time), then in arrival order. */
  order?: number;
}

/** Handed to a call while it holds its slots. */
export interface SlotHandle {
  /**
   * Runs `task` with the slots given back (a container's status polling and the sleeps
   * between polls), then takes them again ahead of the account's other waiting calls.
   */
  outside<T>(task: () => Promise<T>): Promise<T>;
  /** Gives the slots back for good: what is left of the call makes nothing public. */
  release(): void;
}

export interface LaneLimits {
  /** Calls in flight to one account (default 1: an account's posts go out in order). */
  perAccount: number;
  /** Calls in flight to one network (a ceiling, the admin's live setting). */
  perNetwork: number;
  /** Calls in flight in this process, all networks together. */
  total: number;
}

/** The account, or every account of the network when the network paused the app. */
export type PauseScope = 'account' | 'app';

/**
 * A call refused without waiting: its account (or app) is paused until `until`, or so many
 * of the account's calls wait already that its turn would not come before about `until`.
 */
export class LanePausedError extends Error {
  constructor(
    readonly until: number,
    readonly reason: 'paused' | 'busy' = 'paused',
  ) {
    super(reason === 'paused' ? 'rate limited: paused' : 'account busy');
    this.name = 'LanePausedError';
  }
}

/**
 * The first guess of a call's length, before any call to the network has been timed: the
 * fast end of real networks' round trips (a guess too long sends calls away for turns far
 * later than the account frees up).
 */
const FIRST_CALL_ESTIMATE_MS = 250;
/**
 * A call that has held its slot this long is waiting for a network that stopped answering
 * (real calls take a second or two; the adapters give up after 15 s): it stops counting toward
 * the process's cap, so one hanging network does not starve the others (decision 135). It
 * still counts toward its account and its network.
 */
const STALLED_AFTER_MS = 5_000;

interface Waiter {
  admit: () => void;
  order: number;
}

interface AccountLane {
  key: string;
  network: NetworkId;
  active: number;
  waiting: Waiter[];
  /**
   * Calls between their start and their end, in or out of their slot. The lane is forgotten
   * only when none is left: a call waiting outside its slot comes back to this same lane.
   */
  calls: number;
}

/** Per account: the turns promised to calls sent away as 'busy' (so they come back spread). */
interface Reservation {
  nextTurnAt: number;
}

/**
 * The publisher's admission control: which network calls may run now. A call waits only
 * for its own account (and the process-wide cap), never behind another account's or another
 * network's calls, so one slow or rate-limited account delays nothing else. Accounts with
 * waiting calls are served in turn (round robin), each account's calls in arrival order.
 *
 * A 429 pauses the account (or, when the network says the app's limit was hit, the
 * network): calls that would wait longer than `maxWaitMs` for the pause to end are refused
 * with LanePausedError, so the caller can reschedule them instead of holding a job.
 */
export function createCallLanes(
  limits: () => LaneLimits,
  options: {
    now?: () => number;
    maxWaitMs?: number;
    maxWaiting?: number;
    /** After this long in its slot a call no longer counts toward the process's cap. */
    stalledAfterMs?: number;
  } = {},
) {
  const now = options.now ?? Date.now;
  const stalledAfterMs = options.stalledAfterMs ?? STALLED_AFTER_MS;
  const maxWaitMs = options.maxWaitMs ?? 5_000;
  const maxWaiting = options.maxWaiting ?? 20;
  /** Per network: how long a call takes, a moving average. */
  const callMs = new Map<NetworkId, number>();
  const timed = (network: NetworkId, ms: number) =>
    callMs.set(network, 0.8 * (callMs.get(network) ?? ms) + 0.2 * ms);
  const accounts = new Map<string, AccountLane>();
  const reservations = new Map<string, Reservation>();
  /** Accounts with calls waiting, in the order they are served. */
  const ready = new Map<string, AccountLane>();
  const networkActive = new Map<NetworkId, number>();
  const pausedUntil = new Map<string, number>();
  /** Calls holding a slot that count toward the process's cap (stalled ones do not). */
  let total = 0;
  /** Calls holding a slot for longer than `stalledAfterMs`. */
  let stalled = 0;
  let wakeTimer: NodeJS.Timeout | undefined;

  const accountKey = (lane: Lane) => `${lane.network}:${lane.account}`;
  const appKey = (network: NetworkId) => `${network}:*`;

  function pauseEnd(lane: AccountLane): number {
    const until = Math.max(
      pausedUntil.get(lane.key) ?? 0,
      pausedUntil.get(appKey(lane.network)) ?? 0,
    );
    return until > now() ? until : 0;
  }

  function laneOf(lane: Lane): AccountLane {
    const key = accountKey(lane);
    let entry = accounts.get(key);
    if (!entry) {
      entry = { key, network: lane.network, active: 0, waiting: [], calls: 0 };
      accounts.set(key, entry);
    }
    return entry;
  }

  /** Whether the account may take one more call now (its own limit and pause). */
  const isOpen = (lane: AccountLane, current: LaneLimits) =>
    lane.active < current.perAccount && pauseEnd(lane) === 0;

  /** Whether `lane` waits for nothing but the network's and the process's limits. */
  function syncReady(lane: AccountLane) {
    if (lane.waiting.length > 0 && lane.active < limits().perAccount) {
      if (!ready.has(lane.key)) ready.set(lane.key, lane);
    } else {
      ready.delete(lane.key);
    }
  }

  function take(lane: AccountLane) {
    lane.active += 1;
    total += 1;
    networkActive.set(lane.network, (networkActive.get(lane.network) ?? 0) + 1);
  }

  /** `counted`: false for a stalled call, already left out of the process's cap. */
  function give(lane: AccountLane, counted: boolean) {
    lane.active -= 1;
    if (counted) total -= 1;
    else stalled -= 1;
    networkActive.set(lane.network, (networkActive.get(lane.network) ?? 1) - 1);
  }

  const networkHasRoom = (network: NetworkId, current: LaneLimits) =>
    (networkActive.get(network) ?? 0) < current.perNetwork;

  /**
   * Admits waiting calls while the limits allow. `ready` holds the accounts below their own
   * limit that have calls waiting, in the order they are served: an account served goes to
   * the back, so every account gets its turn.
   */
  function pump() {
    const current = limits();
    let nextWake = Infinity;
    for (const lane of [...ready.values()]) {
      if (total >= current.total) break;
      const paused = pauseEnd(lane);
      if (paused) {
        nextWake = Math.min(nextWake, paused);
        continue;
      }
      if (!networkHasRoom(lane.network, current)) continue;
      while (lane.waiting.length > 0 && isOpen(lane, current) && total < current.total) {
        if (!networkHasRoom(lane.network, current)) break;
        const waiter = lane.waiting.shift();
        if (!waiter) break;
        take(lane);
        waiter.admit();
      }
      ready.delete(lane.key);
      syncReady(lane);
    }
    if (nextWake !== Infinity && !wakeTimer) {
      wakeTimer = setTimeout(
        () => {
          wakeTimer = undefined;
          pump();
        },
        Math.max(1, nextWake - now()),
      );
      wakeTimer.unref();
    }
  }

  /**
   * Waits for a slot of `lane`, behind the account's calls of a lower `order`; -Infinity
   * puts the call ahead of all (one coming back from outside its slot).
   */
  function acquire(lane: AccountLane, order: number): Promise<void> | undefined {
    const current = limits();
    if (
      lane.waiting.length === 0 &&
      isOpen(lane, current) &&
      networkHasRoom(lane.network, current) &&
      total < current.total
    ) {
      take(lane);
      return undefined;
    }
    return new Promise<void>((resolve) => {
      const waiter = { admit: resolve, order };
      const behind = lane.waiting.findIndex((other) => other.order > order);
      if (behind === -1) lane.waiting.push(waiter);
      else lane.waiting.splice(behind, 0, waiter);
      syncReady(lane);
      pump();
    });
  }

  /** Forgets an account no call uses (so the map does not grow with every account ever seen). */
  function forgetIfIdle(lane: AccountLane) {
    if (lane.calls === 0 && lane.active === 0 && lane.waiting.length === 0) {
      accounts.delete(lane.key);
      ready.delete(lane.key);
    }
  }

  function release(lane: AccountLane, counted: boolean) {
    give(lane, counted);
    syncReady(lane);
    pump();
  }

  /** The call has held its slot too long: it gives its share of the process's cap back. */
  function stall() {
    total -= 1;
    stalled += 1;
    pump();
  }

  return {
    /**
     * Runs one network call for `lane` once the limits allow. Refuses at once (without
     * waiting) when the account or its app is paused for longer than `maxWaitMs`.
     */
    async run<T>(where: Lane, task: (slot: SlotHandle) => Promise<T>): Promise<T> {
      const lane = laneOf(where);
      const paused = pauseEnd(lane);
      if (paused && paused - now() > maxWaitMs) {
        forgetIfIdle(lane);
        throw new LanePausedError(paused);
      }
      const turnMs = (callMs.get(lane.network) ?? FIRST_CALL_ESTIMATE_MS) / limits().perAccount;
      const current = now();
      const afterQueue = current + (lane.waiting.length + 1) * turnMs;
      if (lane.waiting.length >= maxWaiting && afterQueue - current > maxWaitMs) {
        // Its turn is far off: better re-queued for then than holding a job all that time
        // (calls quick enough to come within `maxWaitMs` wait here: re-queueing them would
        // cost more than their calls). Each call sent away gets the next free turn after
        // those already promised, so they come back one after another instead of all at once
        // to be sent away again.
        const reservation = reservations.get(lane.key);
        const turnAt = Math.ceil(Math.max(afterQueue, reservation?.nextTurnAt ?? 0));
        reservations.set(lane.key, { nextTurnAt: turnAt + turnMs });
        // Forget promises long past, so the map does not grow with every account ever busy.
        if (reservations.size > 1_000) {
          for (const [key, promised] of reservations) {
            if (promised.nextTurnAt < current) reservations.delete(key);
          }
        }
        throw new LanePausedError(turnAt, 'busy');
      }
      lane.calls += 1;
      await acquire(lane, where.order ?? Infinity);
      // Only the time the slot is held counts toward the account's turn estimate.
      let heldSince: number | undefined;
      let heldMs = 0;
      let isStalled = false;
      let stallTimer: NodeJS.Timeout | undefined;
      const hold = () => {
        heldSince = now();
        isStalled = false;
        stallTimer = setTimeout(() => {
          stallTimer = undefined;
          isStalled = true;
          stall();
        }, stalledAfterMs);
        stallTimer.unref();
      };
      const giveBack = () => {
        if (heldSince === undefined) return;
        heldMs += now() - heldSince;
        heldSince = undefined;
        clearTimeout(stallTimer);
        stallTimer = undefined;
        release(lane, !isStalled);
      };
      hold();
      const slot: SlotHandle = {
        release: giveBack,
        async outside(inner) {
          giveBack();
          try {
            return await inner();
          } finally {
            await acquire(lane, -Infinity);
            hold();
          }
        },
      };
      try {
        return await task(slot);
      } finally {
        giveBack();
        timed(lane.network, heldMs);
        lane.calls -= 1;
        forgetIfIdle(lane);
      }
    },

    /** A 429: no calls to the account (or the whole app) until `untilMs`. */
    pause(where: Lane, untilMs: number, scope: PauseScope = 'account') {
      const key = scope === 'app' ? appKey(where.network) : accountKey(where);
      if ((pausedUntil.get(key) ?? 0) < untilMs) pausedUntil.set(key, untilMs);
      // Forget pauses long over, so the map does not grow with every account ever paused.
      const current = now();
      for (const [pausedKey, until] of pausedUntil) {
        if (until <= current) pausedUntil.delete(pausedKey);
      }
    },

    /** Calls in flight now: counted toward the cap, stalled, waiting, and per network. */
    stats() {
      return {
        total,
        stalled,
        waiting: [...accounts.values()].reduce((sum, lane) => sum + lane.waiting.length, 0),
        perNetwork: Object.fromEntries(networkActive),
      };
    },
  };
}

export type CallLanes = ReturnType<typeof createCallLanes>;
