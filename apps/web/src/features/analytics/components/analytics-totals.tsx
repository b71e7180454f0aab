import type { AnalyticsSummary } from '@cadence/shared';
import { periodChange } from '@cadence/shared';
import { ArrowDown, ArrowUp } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { formatCount, TOTAL_LABELS } from '../utils/analytics-format';

interface AnalyticsTotalsProps {
  summary: AnalyticsSummary;
  period: number;
}

/** What the change reads: '+12% from 1,204 in the previous 30 days', or why there is none. */
export function changeText(current: number, previous: number, period: number): string {
  const change = periodChange(current, previous);
  const span = `the previous ${period} days`;
  if (change === null) return current === 0 ? `None in ${span} either` : `None in ${span}`;
  if (change === 0) return `Same as ${span}`;
  return `${change > 0 ? '+' : ''}${change}% from ${formatCount(previous)} in ${span}`;
}

/** The five totals of the period, each with its change from the period before. */
export function AnalyticsTotals({ summary, period }: AnalyticsTotalsProps) {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      {TOTAL_LABELS.map(([key, label]) => {
        const current = summary[key];
        const previous = summary.previous[key];
        const change = periodChange(current, previous);
        return (
          <div
            key={key}
            data-testid={`total-${key}`}
            className="flex flex-col rounded-2xl border border-gray-200 bg-white p-4 shadow-xs"
          >
            <dt className="text-sm font-medium text-gray-600">{label}</dt>
            <dd className="mt-1 text-2xl font-semibold tracking-tight text-gray-900 tabular-nums">
              {formatCount(current)}
            </dd>
            <dd
              className={cn(
                'mt-1 flex items-center gap-1 text-xs',
                change === null || change === 0
                  ? 'text-gray-600'
                  : change > 0
                    ? 'text-emerald-700'
                    : 'text-red-700',
              )}
            >
              {change !== null && change > 0 && <ArrowUp className="size-3.5" aria-hidden="true" />}
              {change !== null && change < 0 && (
                <ArrowDown className="size-3.5" aria-hidden="true" />
              )}
              {changeText(current, previous, period)}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
