import { ROUTES } from '@cadence/shared';
import { BarChart3, LoaderCircle, RefreshCw, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { StatePanel } from '../../../components/ui/state-panel';

export function AnalyticsLoading() {
  return (
    <div>
      <div role="status" className="flex items-center gap-2 py-3 text-sm text-gray-600">
        <LoaderCircle className="size-4 animate-spin text-brand-600" aria-hidden="true" />
        Loading analytics...
      </div>
      <div
        aria-hidden="true"
        className="grid animate-pulse grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
      >
        {Array.from({ length: 5 }, (_, index) => (
          <span key={index} className="h-24 rounded-2xl bg-gray-200/70" />
        ))}
      </div>
      <div aria-hidden="true" className="mt-6 h-72 animate-pulse rounded-2xl bg-gray-200/70" />
    </div>
  );
}

interface AnalyticsErrorProps {
  detail: string | null;
  isRetrying: boolean;
  onRetry: () => void;
}

export function AnalyticsError({ detail, isRetrying, onRetry }: AnalyticsErrorProps) {
  return (
    <StatePanel
      icon={TriangleAlert}
      tone="danger"
      role="alert"
      title="Failed to load analytics"
      action={
        <Button
          variant="secondary"
          icon={<RefreshCw className="size-4" aria-hidden="true" />}
          isLoading={isRetrying}
          loadingText="Retrying..."
          onClick={onRetry}
        >
          Retry
        </Button>
      }
    >
      {detail ?? 'Check your connection and try again.'}
    </StatePanel>
  );
}

/**
 * Nothing published in the period nor the one before. The way on is a post that goes out;
 * with a narrower view (one entity, fewer than 90 days) the widest one may have numbers.
 */
export function AnalyticsEmpty({
  period,
  isNarrowed,
  onWiden,
}: {
  period: number;
  isNarrowed: boolean;
  onWiden: () => void;
}) {
  return (
    <StatePanel
      icon={BarChart3}
      title={
        isNarrowed
          ? `No posts were published in the last ${period} days.`
          : 'No published posts yet.'
      }
      action={
        <div className="flex flex-wrap justify-center gap-3">
          <Link to={ROUTES.scheduling} className={buttonClasses('primary', 'md')}>
            Schedule a post
          </Link>
          {isNarrowed && (
            <Button variant="secondary" onClick={onWiden}>
              Show all entities, 90 days
            </Button>
          )}
        </div>
      }
    >
      Once a post goes out, its likes, comments, shares, impressions and link clicks show up here,
      read from each network as they grow. Schedule a post to one of your connected networks to get
      started.
    </StatePanel>
  );
}
