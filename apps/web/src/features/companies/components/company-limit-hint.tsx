import { UsageMeter } from '../../../components/ui/usage-meter';

interface CompanyLimitHintProps {
  count: number;
  /** The plan's company limit; null is unlimited. */
  limit: number | null;
}

/**
 * 'N of M entities' on a plan with a limit, before the customer adds the one that would go
 * over; once it is reached the meter links to the plans. The Add button stays enabled: the
 * server's answer explains the limit in full.
 */
export function CompanyLimitHint({ count, limit }: CompanyLimitHintProps) {
  if (limit === null) return null;
  return (
    <UsageMeter
      label="Entities"
      used={count}
      limit={limit}
      unit={limit === 1 ? 'entity' : 'entities'}
    />
  );
}
