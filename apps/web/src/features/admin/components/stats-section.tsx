import { ADMIN_TOASTS, type Stats } from '@cadence/shared';
import { useStats } from '../api/admin-api';
import { useQueryErrorToast } from '../../../components/ui/error-toast';

const SERIES = [
  { key: 'published', label: 'Published', colour: '#16a34a' },
  { key: 'failed', label: 'Failed', colour: '#dc2626' },
  { key: 'missed', label: 'Missed', colour: '#ca8a04' },
  { key: 'unconfirmed', label: 'Unconfirmed', colour: '#6b7280' },
] as const;

function StatCard({
  label,
  value,
  children,
}: {
  label: string;
  value: number;
  children?: React.ReactNode;
}) {
  return (
    <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <p className="text-sm text-gray-600">{label}</p>
      <p className="mt-1 text-2xl font-bold text-gray-900">{value.toLocaleString()}</p>
      {children}
    </div>
  );
}

/** Publications per day for 30 days as stacked bars, in plain SVG. */
function PublicationsChart({ days }: { days: Stats['publications_by_day'] }) {
  const totals = days.map((day) => SERIES.reduce((sum, series) => sum + day[series.key], 0));
  const max = Math.max(1, ...totals);
  const width = 600;
  const height = 160;
  const barWidth = width / days.length;
  const total = totals.reduce((sum, value) => sum + value, 0);
  return (
    <figure className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <figcaption className="text-sm font-medium text-gray-800">
        Publications per day, last 30 days ({total.toLocaleString()} in all)
      </figcaption>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="mt-3 h-40 w-full"
        role="img"
        aria-label={`Publications per day over the last 30 days, ${total} in all`}
      >
        <line x1="0" y1={height - 0.5} x2={width} y2={height - 0.5} stroke="#e5e7eb" />
        {total === 0 && (
          <text x={width / 2} y={height / 2} textAnchor="middle" fontSize="14" fill="#4b5563">
            No publications in the last 30 days
          </text>
        )}
        {days.map((day, index) => {
          let y = height;
          return (
            <g key={day.day}>
              <title>
                {day.day}:{' '}
                {SERIES.map((series) => `${day[series.key]} ${series.label.toLowerCase()}`).join(
                  ', ',
                )}
              </title>
              {SERIES.map((series) => {
                const h = (day[series.key] / max) * (height - 8);
                y -= h;
                return h > 0 ? (
                  <rect
                    key={series.key}
                    x={index * barWidth + 2}
                    y={y}
                    width={barWidth - 4}
                    height={h}
                    fill={series.colour}
                    rx="1"
                  />
                ) : null;
              })}
            </g>
          );
        })}
      </svg>
      <div className="mt-2 flex flex-wrap justify-between gap-2 text-xs text-gray-600">
        <span>{days[0]?.day}</span>
        <span className="flex flex-wrap gap-3">
          {SERIES.map((series) => (
            <span key={series.key} className="flex items-center gap-1">
              <span
                className="size-2.5 rounded-sm"
                style={{ background: series.colour }}
                aria-hidden="true"
              />
              {series.label}
            </span>
          ))}
        </span>
        <span>{days.at(-1)?.day}</span>
      </div>
    </figure>
  );
}

export function StatsSection() {
  const stats = useStats(true);
  useQueryErrorToast(stats, ADMIN_TOASTS.loadStatsFailed);
  if (stats.isPending) return <p className="text-sm text-gray-600">Loading statistics...</p>;
  if (stats.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {ADMIN_TOASTS.loadStatsFailed}
      </p>
    );
  const data = stats.data;
  const calls = data.api_calls.openai + data.api_calls.networks + data.api_calls.other;
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Total Posts" value={data.total_posts} />
        <StatCard label="Scheduled Posts" value={data.scheduled_posts} />
        <StatCard label="Total Users" value={data.total_users} />
        <StatCard label="Total API Calls" value={calls}>
          <p className="mt-1 text-xs text-gray-600">
            OpenAI {data.api_calls.openai.toLocaleString()} · Social networks{' '}
            {data.api_calls.networks.toLocaleString()} · Other{' '}
            {data.api_calls.other.toLocaleString()}
          </p>
        </StatCard>
      </div>
      <PublicationsChart days={data.publications_by_day} />
    </div>
  );
}
