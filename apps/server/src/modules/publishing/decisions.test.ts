import { describe, expect, it } from 'vitest';
import {
  backoffMs,
  decideFailure,
  instanceOutcome,
  settlementOfNetworkFailure,
} from './decisions.js';

const pinned = (value: number) => () => value;

describe('backoffMs', () => {
  it('doubles the ceiling per retry and jitters below it', () => {
    expect(backoffMs(1, { baseMs: 30_000, random: pinned(0.999999) })).toBe(29_999);
    expect(backoffMs(2, { baseMs: 30_000, random: pinned(0.5) })).toBe(30_000);
    expect(backoffMs(3, { baseMs: 30_000, random: pinned(0.5) })).toBe(60_000);
    expect(backoffMs(3, { baseMs: 30_000, random: pinned(0) })).toBe(0);
  });

  it('is capped', () => {
    expect(backoffMs(30, { baseMs: 30_000, capMs: 60_000, random: pinned(0.5) })).toBe(30_000);
  });

  it('never waits less than Retry-After', () => {
    expect(backoffMs(1, { baseMs: 30_000, retryAfterSeconds: 42, random: pinned(0.1) })).toBe(
      42_000,
    );
    expect(backoffMs(1, { baseMs: 600_000, retryAfterSeconds: 1, random: pinned(0.5) })).toBe(
      300_000,
    );
  });
});

describe('decideFailure', () => {
  const backoff = { baseMs: 1000, random: pinned(0.5) };

  it('fails at once on auth (asking for a reconnect) and on invalid content', () => {
    expect(decideFailure('auth', 1, backoff)).toEqual({
      action: 'fail',
      errorCode: 'auth',
      needsReconnect: true,
    });
    expect(decideFailure('invalid', 1, backoff)).toEqual({
      action: 'fail',
      errorCode: 'invalid',
      needsReconnect: false,
    });
  });

  it('never retries an unconfirmed call', () => {
    expect(decideFailure('unconfirmed', 1, backoff)).toEqual({ action: 'unconfirmed' });
  });

  it('without a window, retries transient failures and rate limits three times, then gives up', () => {
    expect(decideFailure('transient', 1, backoff)).toEqual({
      action: 'retry',
      retryNumber: 1,
      delayMs: 500,
    });
    expect(decideFailure('rate-limited', 3, { ...backoff, retryAfterSeconds: 60 })).toEqual({
      action: 'retry',
      retryNumber: 3,
      delayMs: 60_000,
    });
    expect(decideFailure('transient', 4, backoff)).toEqual({
      action: 'fail',
      errorCode: 'transient',
      needsReconnect: false,
    });
  });
});

describe('decideFailure with a retry window', () => {
  const due = Date.parse('2026-11-24T10:00:00Z');
  const hour = 3_600_000;
  const backoff = { baseMs: 30_000, random: pinned(0.5) };
  /** The window of a publication due at `due`, an hour long, seen `minutes` after it. */
  const at = (minutes: number) => ({
    now: new Date(due + minutes * 60_000),
    endsAt: new Date(due + hour),
  });

  it('keeps retrying a fault inside the window, whatever the retries so far', () => {
    expect(decideFailure('transient', 12, backoff, at(30))).toEqual({
      action: 'retry',
      retryNumber: 12,
      delayMs: 450_000, // half the 15-minute cap
    });
    expect(decideFailure('rate-limited', 9, backoff, at(59))).toMatchObject({ action: 'retry' });
  });

  it('fails a fault past the window once the first three retries are made', () => {
    expect(decideFailure('transient', 5, backoff, at(61))).toEqual({
      action: 'fail',
      errorCode: 'transient',
      needsReconnect: false,
    });
    expect(decideFailure('rate-limited', 4, backoff, at(60))).toMatchObject({
      action: 'fail',
      errorCode: 'rate-limited',
    });
  });

  it('still gives a publication first tried late its first three retries', () => {
    expect(decideFailure('transient', 1, backoff, at(90))).toEqual({
      action: 'retry',
      retryNumber: 1,
      delayMs: 15_000,
    });
    expect(decideFailure('transient', 3, backoff, at(90))).toMatchObject({ action: 'retry' });
    expect(decideFailure('transient', 4, backoff, at(90))).toMatchObject({ action: 'fail' });
  });

  it('moves a retry that would fall after the window to its end', () => {
    // Seven minutes left; the backoff would wait 7.5.
    expect(decideFailure('transient', 8, backoff, at(53))).toEqual({
      action: 'retry',
      retryNumber: 8,
      delayMs: 420_000,
    });
  });

  it("fails at once when Retry-After asks to wait past the window's end", () => {
    expect(
      decideFailure('rate-limited', 5, { ...backoff, retryAfterSeconds: 15 * 60 }, at(50)),
    ).toMatchObject({ action: 'fail', errorCode: 'rate-limited' });
    // Within the window, the wait asked is kept.
    expect(
      decideFailure('rate-limited', 5, { ...backoff, retryAfterSeconds: 5 * 60 }, at(50)),
    ).toEqual({ action: 'retry', retryNumber: 5, delayMs: 300_000 });
  });

  it('fails auth and invalid at once inside the window', () => {
    expect(decideFailure('auth', 1, backoff, at(0))).toMatchObject({ action: 'fail' });
    expect(decideFailure('invalid', 1, backoff, at(0))).toMatchObject({ action: 'fail' });
  });
});

describe('instanceOutcome', () => {
  it('names the instance from its publications', () => {
    expect(instanceOutcome(['published', 'published'])).toBe('published');
    expect(instanceOutcome(['published', 'failed'])).toBe('partial');
    expect(instanceOutcome(['missed', 'missed'])).toBe('missed');
    expect(instanceOutcome(['failed', 'unconfirmed'])).toBe('failed');
    expect(instanceOutcome([])).toBe('failed');
  });
});

describe('settlementOfNetworkFailure', () => {
  const now = new Date('2026-11-24T10:00:00Z');
  const options = { now, retryBaseMs: 30_000, retryWindowMs: 3_600_000 };
  const x = (attempts: number, dueAt = new Date('2026-11-24T09:30:00Z')) => ({
    attempts,
    networkName: 'X',
    dueAt,
  });

  it('waits at least Retry-After before the next try, and logs its retry number', () => {
    const settlement = settlementOfNetworkFailure(
      { kind: 'rate-limited', message: 'slow down', retryAfterSeconds: 3_600 },
      x(1),
      options,
    );
    expect(settlement).toMatchObject({ status: 'pending', message: 'X: slow down', retryCount: 1 });
    expect(settlement.nextAttemptAt!.getTime()).toBe(now.getTime() + 3_600_000);
  });

  it('asks for a reconnect when the network refuses the credentials', () => {
    expect(
      settlementOfNetworkFailure({ kind: 'auth', message: 'bad token' }, x(2), options),
    ).toEqual({
      status: 'failed',
      message:
        'X refused the saved credentials (bad token). Reconnect X for this entity, then schedule the post again.',
      errorCode: 'auth',
      retryCount: 1,
      needsReconnect: true,
    });
  });

  it('never repeats a call that may have gone out', () => {
    expect(
      settlementOfNetworkFailure({ kind: 'unconfirmed', message: '' }, x(1), options),
    ).toMatchObject({ status: 'unconfirmed', errorCode: 'unconfirmed', retryCount: 0 });
  });

  it('retries past three inside the window, with its retry number', () => {
    const settlement = settlementOfNetworkFailure(
      { kind: 'transient', message: 'HTTP 500' },
      x(6),
      options,
    );
    expect(settlement).toMatchObject({ status: 'pending', retryCount: 6 });
    expect(settlement.nextAttemptAt!.getTime()).toBeLessThanOrEqual(
      Date.parse('2026-11-24T10:30:00Z'),
    );
  });

  it('fails once the window is over, with a fallback reason', () => {
    expect(
      settlementOfNetworkFailure(
        { kind: 'transient', message: '' },
        x(4, new Date('2026-11-24T08:59:00Z')),
        options,
      ),
    ).toMatchObject({
      status: 'failed',
      message: 'X: Unknown error',
      errorCode: 'transient',
      retryCount: 3,
    });
  });
});
