import type { AnalyticsSeriesPoint } from '@cadence/shared';
import { formatDateKey } from '../../../lib/zoned-time';
import { formatCount } from '../utils/analytics-format';
import { CELL, HEADER_CELL, NUMBER_CELL, NUMBER_HEADER_CELL, SCROLL_BOX } from './table-classes';

/** Every day of the period with all its numbers: the chart's text alternative. */
export function SeriesTable({
  series,
  isShown,
}: {
  series: AnalyticsSeriesPoint[];
  /** Shown ('Show as table'): it may scroll sideways; hidden, it is read, never scrolled. */
  isShown: boolean;
}) {
  return (
    <div
      className={isShown ? SCROLL_BOX : undefined}
      tabIndex={isShown ? 0 : undefined}
      role={isShown ? 'region' : undefined}
      aria-label={isShown ? 'Numbers per day' : undefined}
    >
      <table className="w-full text-sm">
        <caption className="sr-only">Numbers per day</caption>
        <thead>
          <tr className="border-b border-gray-200">
            <th scope="col" className={HEADER_CELL}>
              Day
            </th>
            <th scope="col" className={NUMBER_HEADER_CELL}>
              Posts published
            </th>
            <th scope="col" className={NUMBER_HEADER_CELL}>
              Impressions
            </th>
            <th scope="col" className={NUMBER_HEADER_CELL}>
              Engagements
            </th>
            <th scope="col" className={NUMBER_HEADER_CELL}>
              Link clicks
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {series.map((point) => (
            <tr key={point.date}>
              <th scope="row" className={`${CELL} font-normal whitespace-nowrap`}>
                {formatDateKey(point.date, 'EEEE, MMM d, yyyy')}
              </th>
              <td className={NUMBER_CELL}>{formatCount(point.posts_published)}</td>
              <td className={NUMBER_CELL}>{formatCount(point.impressions)}</td>
              <td className={NUMBER_CELL}>{formatCount(point.engagements)}</td>
              <td className={NUMBER_CELL}>{formatCount(point.clicks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
