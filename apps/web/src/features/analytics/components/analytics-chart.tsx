import type { AnalyticsSeriesPoint } from '@cadence/shared';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId, useState } from 'react';
import { cn } from '../../../lib/cn';
import { formatDateKey } from '../../../lib/zoned-time';
import { formatCount } from '../utils/analytics-format';
import { SeriesTable } from './series-table';
import { useElementWidth } from './use-element-width';

type SeriesMetric = Exclude<keyof AnalyticsSeriesPoint, 'date'>;

export const SERIES_METRICS: ReadonlyArray<readonly [SeriesMetric, string]> = [
  ['engagements', 'Engagements'],
  ['impressions', 'Impressions'],
  ['clicks', 'Link clicks'],
  ['posts_published', 'Posts published'],
];

const HEIGHT = 240;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 52 };
/** About this many dates under the bars, so 90 days stay readable on a phone. */
const X_LABELS = 6;

interface AnalyticsChartProps {
  series: AnalyticsSeriesPoint[];
}

/**
 * The period day by day: one measure at a time as bars, or every measure as a table. The
 * table is always in the page: read by screen readers (the drawing is hidden from them) and
 * shown for copying with 'Table'.
 */
export function AnalyticsChart({ series }: AnalyticsChartProps) {
  const [metric, setMetric] = useState<SeriesMetric>('engagements');
  const [isTable, setIsTable] = useState(false);
  const name = useId();
  const label = SERIES_METRICS.find(([key]) => key === metric)?.[1] ?? '';
  return (
    <section
      aria-labelledby="analytics-chart-title"
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-xs sm:p-5"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="analytics-chart-title" className="text-base font-semibold text-gray-900">
          Day by day
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          {!isTable && (
            <fieldset className="flex flex-wrap gap-1 rounded-lg bg-gray-100 p-1">
              <legend className="sr-only">Measure shown in the chart</legend>
              {SERIES_METRICS.map(([key, text]) => (
                <label
                  key={key}
                  className={cn(
                    'cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                    metric === key ? 'bg-white text-gray-900 shadow-xs' : 'text-gray-700',
                  )}
                >
                  <input
                    type="radio"
                    name={name}
                    value={key}
                    checked={metric === key}
                    onChange={() => setMetric(key)}
                    className="sr-only"
                  />
                  {text}
                </label>
              ))}
            </fieldset>
          )}
          <button
            type="button"
            aria-pressed={isTable}
            onClick={() => setIsTable((shown) => !shown)}
            className="rounded-md px-2.5 py-1 text-xs font-medium text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50"
          >
            {isTable ? 'Show as chart' : 'Show as table'}
          </button>
        </div>
      </div>
      {!isTable && <SeriesBars series={series} metric={metric} label={label} />}
      <div className={isTable ? 'mt-4' : 'sr-only'}>
        <SeriesTable series={series} isShown={isTable} />
      </div>
    </section>
  );
}

function SeriesBars({
  series,
  metric,
  label,
}: {
  series: AnalyticsSeriesPoint[];
  metric: SeriesMetric;
  label: string;
}) {
  const { ref, width } = useElementWidth<HTMLDivElement>(640);
  const innerWidth = Math.max(width - MARGIN.left - MARGIN.right, 0);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const highest = Math.max(0, ...series.map((point) => point[metric]));
  const x = scaleBand({
    domain: series.map((point) => point.date),
    range: [0, innerWidth],
    padding: 0.2,
  });
  const y = scaleLinear({
    domain: [0, highest === 0 ? 1 : highest],
    range: [innerHeight, 0],
    nice: true,
  });
  const yTicks = y.ticks(4).filter((tick) => Number.isInteger(tick));
  const every = Math.max(1, Math.ceil(series.length / X_LABELS));
  return (
    <div ref={ref} className="mt-4 w-full">
      {/* Hidden from screen readers: the table below says the same, number by number. */}
      <svg width={width} height={HEIGHT} aria-hidden="true" className="block max-w-full">
        <Group left={MARGIN.left} top={MARGIN.top}>
          {yTicks.map((tick) => (
            <g key={tick} transform={`translate(0, ${y(tick)})`}>
              <line x2={innerWidth} className="stroke-gray-200" />
              <text x={-8} dy="0.32em" textAnchor="end" className="fill-gray-600 text-[11px]">
                {formatCount(tick)}
              </text>
            </g>
          ))}
          {series.map((point, index) => {
            const left = x(point.date) ?? 0;
            const top = y(point[metric]);
            return (
              <g key={point.date}>
                <Bar
                  x={left}
                  y={top}
                  width={x.bandwidth()}
                  height={Math.max(innerHeight - top, 0)}
                  rx={2}
                  className="fill-brand-500"
                >
                  <title>{`${formatDateKey(point.date)}: ${formatCount(point[metric])} ${label.toLowerCase()}`}</title>
                </Bar>
                {index % every === 0 && (
                  <text
                    x={left + x.bandwidth() / 2}
                    y={innerHeight + 18}
                    textAnchor="middle"
                    className="fill-gray-600 text-[11px]"
                  >
                    {formatDateKey(point.date, 'MMM d')}
                  </text>
                )}
              </g>
            );
          })}
        </Group>
      </svg>
    </div>
  );
}
