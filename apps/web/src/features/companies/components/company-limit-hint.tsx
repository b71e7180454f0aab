import { ROUTES } from '@cadence/shared';
import { Link } from 'react-router';

interface CompanyLimitHintProps {
  count: number;
  /** The plan's company limit; null is unlimited. */
  limit: number | null;
}

/**
 * Says why adding may be refused once the plan's limit is reached. The Add button stays
 * enabled: the server's answer explains the limit in full.
 */
export function CompanyLimitHint({ count, limit }: CompanyLimitHintProps) {
  if (limit === null || count < limit) return null;
  return (
    <p className="text-xs text-gray-500">
      Your plan allows {limit} {limit === 1 ? 'entity' : 'entities'}.{' '}
      <Link
        to={ROUTES.subscriptions}
        className="rounded font-medium text-brand-600 hover:text-brand-700 hover:underline"
      >
        Upgrade
      </Link>
    </p>
  );
}
