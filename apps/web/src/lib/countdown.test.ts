import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsRemaining } from './countdown';

describe('formatCountdown', () => {
  it('shows the full OTP lifetime as 2:00', () => {
    expect(formatCountdown(120)).toBe('2:00');
  });

  it('pads seconds to two digits', () => {
    expect(formatCountdown(119)).toBe('1:59');
    expect(formatCountdown(65)).toBe('1:05');
    expect(formatCountdown(9)).toBe('0:09');
  });

  it('ends at 0:00 and never goes negative', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('drops fractions of a second', () => {
    expect(formatCountdown(59.9)).toBe('0:59');
  });

  it('keeps counting minutes past an hour', () => {
    expect(formatCountdown(3600)).toBe('60:00');
  });
});

describe('secondsRemaining', () => {
  const start = 1_700_000_000_000;
  const deadline = start + 120_000;

  it('starts at the whole duration', () => {
    expect(secondsRemaining(deadline, start)).toBe(120);
  });

  it('drops one second per elapsed second, even when a tick is slightly early or late', () => {
    expect(secondsRemaining(deadline, start + 998)).toBe(119);
    expect(secondsRemaining(deadline, start + 1_012)).toBe(119);
    expect(secondsRemaining(deadline, start + 60_000)).toBe(60);
  });

  it('stops at zero once the deadline has passed', () => {
    expect(secondsRemaining(deadline, deadline)).toBe(0);
    expect(secondsRemaining(deadline, deadline + 5_000)).toBe(0);
  });
});
