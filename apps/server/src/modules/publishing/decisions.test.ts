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

  it('retries transient failures and rate limits three times, then gives up', () => {
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
  const options = { now, retryBaseMs: 30_000 };
  const x = (attempts: number) => ({ attempts, networkName: 'X' });

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

  it('fails once the retries are spent, with a fallback reason', () => {
    expect(
      settlementOfNetworkFailure({ kind: 'transient', message: '' }, x(4), options),
    ).toMatchObject({ status: 'failed', message: 'X: Unknown error', errorCode: 'transient' });
  });
});
