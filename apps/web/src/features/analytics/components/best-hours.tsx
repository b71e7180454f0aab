import type { BestHoursCell } from '@cadence/shared';
import { BEST_HOURS_MIN_POSTS } from '@cadence/shared';
import { Clock } from 'lucide-react';
import { cn } from '../../../lib/cn';
import {
  formatAverage,
  formatCount,
  formatHour,
  weekdayName,
  WEEKDAYS,
} from '../utils/analytics-format';
import { SCROLL_BOX } from './table-classes';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

/** Darker for more engagement; text colours that keep 4.5:1 contrast on each. */
const LEVELS = [
  'bg-brand-50 text-gray-900',
  'bg-brand-100 text-gray-900',
  'bg-brand-300 text-gray-950',
  'bg-brand-700 text-white',
] as const;

function levelOf(value: number, highest: number): string {
  if (highest <= 0) return LEVELS[0];
  const index = Math.min(LEVELS.length - 1, Math.floor((value / highest) * LEVELS.length));
  return LEVELS[Math.max(index, 0)] ?? LEVELS[0];
}

/** 'N more published posts needed…': what the grid waits for. */
export function bestHoursNeededText(needed: number): string {
  const posts = needed === 1 ? 'post' : 'posts';
  return `${formatCount(needed)} more published ${posts} needed to show the best hours to post (it needs ${BEST_HOURS_MIN_POSTS}).`;
}

interface BestHoursProps {
  needed: number;
  cells: BestHoursCell[];
  /** The period's length in days: the grid covers the same posts as the rest of the screen. */
  period: number;
  /** The customer's saved zone, which the server reads the hours in. */
  timeZone: string;
}

/**
 * Average engagement per post by weekday and hour of the saved zone over the period, once
 * there are enough posts.
 */
export function BestHours({ needed, cells, period, timeZone }: BestHoursProps) {
  const best = cells.reduce<BestHoursCell | null>(
    (top, cell) => (top === null || cell.average_engagement > top.average_engagement ? cell : top),
    null,
  );
  const byKey = new Map(cells.map((cell) => [`${cell.weekday}-${cell.hour}`, cell]));
  const highest = best?.average_engagement ?? 0;
  return (
    <section
      aria-labelledby="analytics-hours-title"
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-xs sm:p-5"
    >
      <h2 id="analytics-hours-title" className="text-base font-semibold text-gray-900">
        Best hours to post
      </h2>
      <p className="mt-1 text-sm text-gray-600">
        Average engagement per post by weekday and hour over the last {period} days, in your time
        zone ({timeZone}).
      </p>
      {needed > 0 || best === null ? (
        <p
          data-testid="best-hours-needed"
          className="mt-3 flex items-start gap-2 rounded-lg bg-gray-50 px-3 py-2.5 text-sm text-gray-700"
        >
          <Clock className="mt-0.5 size-4 shrink-0 text-gray-500" aria-hidden="true" />
          {bestHoursNeededText(Math.max(needed, 1))}
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm text-gray-900">
            Best so far: <strong>{`${weekdayName(best.weekday)} ${formatHour(best.hour)}`}</strong>
            {`, ${formatAverage(best.average_engagement)} engagements per post (${formatCount(best.posts)} ${best.posts === 1 ? 'post' : 'posts'}).`}
          </p>
          <div
            className={`mt-3 ${SCROLL_BOX}`}
            tabIndex={0}
            role="region"
            aria-label="Average engagement per post by weekday and hour"
          >
            <table className="border-separate border-spacing-0.5 text-xs">
              <caption className="sr-only">
                Average engagement per post by weekday and hour, in {timeZone}
              </caption>
              <thead>
                <tr>
                  <td />
                  {HOURS.map((hour) => (
                    <th
                      key={hour}
                      scope="col"
                      className="min-w-9 px-0.5 pb-1 font-medium whitespace-nowrap text-gray-600"
                    >
                      {formatHour(hour)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {WEEKDAYS.map(([index, weekday]) => (
                  <tr key={weekday}>
                    <th
                      scope="row"
                      className="pr-2 text-left font-medium whitespace-nowrap text-gray-700"
                    >
                      {weekday}
                    </th>
                    {HOURS.map((hour) => {
                      const cell = byKey.get(`${index}-${hour}`);
                      return (
                        <td
                          key={hour}
                          data-testid={cell ? `hour-${index}-${hour}` : undefined}
                          className={cn(
                            'h-8 rounded text-center tabular-nums',
                            cell ? levelOf(cell.average_engagement, highest) : 'bg-gray-50',
                          )}
                        >
                          {cell ? (
                            <>
                              {formatAverage(cell.average_engagement)}
                              <span className="sr-only">
                                {` from ${formatCount(cell.posts)} ${cell.posts === 1 ? 'post' : 'posts'}`}
                              </span>
                            </>
                          ) : (
                            <span className="sr-only">No posts</span>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
