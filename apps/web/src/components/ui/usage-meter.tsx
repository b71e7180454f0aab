import { ROUTES } from '@cadence/shared';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

interface UsageMeterProps {
  /** What is counted, e.g. 'Posts this month' (names the meter for screen readers). */
  label: string;
  used: number;
  limit: number;
  /** '3 of 5 posts this month': the words after the numbers. */
  unit: string;
  /** How a number reads ('3.2 MB'); plain numbers unless told. */
  format?: (value: number) => string;
  /** A line under the meter, e.g. 'Drafts count too.' */
  note?: string;
  className?: string;
}

/**
 * How much of a plan's allowance is used, where the limit bites: before the customer makes
 * the one that goes over. Amber at the last one left, red when none is left (with Upgrade).
 */
export function UsageMeter({
  label,
  used,
  limit,
  unit,
  format = String,
  note,
  className,
}: UsageMeterProps) {
  const left = limit - used;
  const tone = left <= 0 ? 'full' : left === 1 ? 'last' : 'ok';
  const percent = limit <= 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));
  return (
    <div className={cn('w-full max-w-64 text-xs text-gray-600', className)}>
      <p className="flex flex-wrap items-baseline justify-between gap-x-2">
        <span>
          <span className="font-semibold text-gray-900">
            {format(used)} of {format(limit)}
          </span>{' '}
          {unit}
        </span>
        {tone === 'full' ? (
          <Link
            to={ROUTES.subscriptions}
            className="rounded font-medium text-brand-700 underline-offset-2 hover:underline"
          >
            Upgrade
          </Link>
        ) : (
          tone === 'last' && <span className="font-medium text-amber-700">1 left</span>
        )}
      </p>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={limit}
        aria-valuenow={Math.min(used, limit)}
        aria-valuetext={`${format(used)} of ${format(limit)} ${unit}`}
        className="mt-1 h-1.5 overflow-hidden rounded-full bg-gray-200"
      >
        <div
          className={cn(
            'h-full rounded-full',
            tone === 'full' ? 'bg-red-500' : tone === 'last' ? 'bg-amber-500' : 'bg-brand-500',
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
      {note !== undefined && <p className="mt-1">{note}</p>}
    </div>
  );
}
