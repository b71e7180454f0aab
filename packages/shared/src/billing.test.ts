import { describe, expect, it } from 'vitest';
import {
  addInterval,
  formatInterval,
  formatUsd,
  dollarsToCents,
  periodRange,
  prorationCreditCents,
  selectPriceCents,
  yearlySavingPercent,
} from './billing.js';

const now = new Date('2026-03-10T12:00:00Z');

describe('selectPriceCents', () => {
  const base = { priceCents: 2900, salePriceCents: null, saleEndsAt: null };
  it('uses the list price without a sale', () => {
    expect(selectPriceCents(base, now)).toBe(2900);
  });
  it('uses the sale price while the sale end is in the future', () => {
    expect(
      selectPriceCents({ ...base, salePriceCents: 1900, saleEndsAt: '2026-03-11T00:00:00Z' }, now),
    ).toBe(1900);
  });
  it('uses the list price once the sale has ended (end instant included)', () => {
    expect(
      selectPriceCents({ ...base, salePriceCents: 1900, saleEndsAt: '2026-03-10T12:00:00Z' }, now),
    ).toBe(2900);
  });
  it('keeps a sale without an end date running', () => {
    expect(selectPriceCents({ ...base, salePriceCents: 1900 }, now)).toBe(1900);
  });
  it("lets an admin's override win over list and sale prices, zero included", () => {
    const sale = { ...base, salePriceCents: 1900, saleEndsAt: '2027-01-01T00:00:00Z' };
    expect(selectPriceCents(sale, now, 1500)).toBe(1500);
    expect(selectPriceCents(sale, now, 0)).toBe(0);
  });
});

describe('periods', () => {
  it('adds months keeping the day, clamped to the month end', () => {
    expect(addInterval(new Date('2026-01-31T09:30:00Z'), 'month').toISOString()).toBe(
      '2026-02-28T09:30:00.000Z',
    );
    expect(addInterval(new Date('2028-01-31T00:00:00Z'), 'month').toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    );
    expect(addInterval(new Date('2026-11-15T00:00:00Z'), 'month', 3).toISOString()).toBe(
      '2027-02-15T00:00:00.000Z',
    );
    expect(addInterval(new Date('2028-02-29T00:00:00Z'), 'year').toISOString()).toBe(
      '2029-02-28T00:00:00.000Z',
    );
  });
  it('measures every period from the anchor so the 31st comes back', () => {
    const anchor = new Date('2026-01-31T00:00:00Z');
    const third = periodRange(anchor, 'month', 1, 2);
    expect(third.start.toISOString()).toBe('2026-03-31T00:00:00.000Z');
    expect(third.end.toISOString()).toBe('2026-04-30T00:00:00.000Z');
  });
});

describe('prorationCreditCents', () => {
  const start = new Date('2026-03-01T00:00:00Z');
  const end = new Date('2026-03-31T00:00:00Z');
  it('credits the unused share, rounded down', () => {
    // 20 of 30 days left of $29.00 -> 1933.33 cents
    expect(prorationCreditCents(2900, start, end, new Date('2026-03-11T00:00:00Z'))).toBe(1933);
  });
  it('credits everything at the start and nothing at or after the end', () => {
    expect(prorationCreditCents(2900, start, end, start)).toBe(2900);
    expect(prorationCreditCents(2900, start, end, end)).toBe(0);
    expect(prorationCreditCents(2900, start, end, new Date('2026-05-01T00:00:00Z'))).toBe(0);
  });
  it('never credits more than was paid, even before the period', () => {
    expect(prorationCreditCents(2900, start, end, new Date('2026-02-01T00:00:00Z'))).toBe(2900);
  });
});

describe('formatting', () => {
  it("writes 'Every {count} {unit}' pluralised above one", () => {
    expect(formatInterval(1, 'month')).toBe('Every 1 month');
    expect(formatInterval(3, 'month')).toBe('Every 3 months');
    expect(formatInterval(1, 'year')).toBe('Every 1 year');
  });
  it('writes USD amounts from cents', () => {
    expect(formatUsd(2900)).toBe('$29.00');
    expect(formatUsd(-1933)).toBe('-$19.33');
    expect(dollarsToCents(29.99)).toBe(2999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
  });
  it('tells the yearly saving in whole percent', () => {
    expect(yearlySavingPercent(2900, 29000)).toBe(17);
    expect(yearlySavingPercent(2900, 40000)).toBe(0);
  });
});
