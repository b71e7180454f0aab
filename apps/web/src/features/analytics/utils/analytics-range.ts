import type { AnalyticsPeriod } from '@cadence/shared';
import { dayRange, todayKey } from '../../../lib/zoned-time';

export interface AnalyticsRange {
  /** The period's first instant (midnight in the zone), UTC ISO; inclusive. */
  from: string;
  /** Midnight after its last day in the zone, UTC ISO; exclusive. */
  to: string;
}

/** 'yyyy-MM-dd' `days` days after `key` (before, when negative). */
function shiftDateKey(key: string, days: number): string {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The last `period` whole days of the saved zone, today included: the same range all day
 * long (one query key, one cached answer), and one point per day in the chart.
 */
export function analyticsRange(period: AnalyticsPeriod, now: number, zone: string): AnalyticsRange {
  const today = todayKey(now, zone);
  const first = dayRange(shiftDateKey(today, 1 - period), zone);
  const tomorrow = dayRange(shiftDateKey(today, 1), zone);
  if (first === null || tomorrow === null) throw new Error(`No calendar day for ${today}`);
  return {
    from: new Date(first.from).toISOString(),
    to: new Date(tomorrow.from).toISOString(),
  };
}

/** The summary's and the export's query: `company_id` only for one entity. */
export function analyticsSearch(range: AnalyticsRange, companyId: string): string {
  const params = new URLSearchParams();
  if (companyId !== '') params.set('company_id', companyId);
  params.set('from', range.from);
  params.set('to', range.to);
  return params.toString();
}
