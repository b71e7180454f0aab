import { UpgradeHint } from '../../../components/ui/upgrade-hint';
import { UsageMeter } from '../../../components/ui/usage-meter';

interface CompanyLimitHintProps {
  count: number;
  /** The plan's company limit; null is unlimited. */
  limit: number | null;
}

/**
 * 'N of M entities' on a plan with a limit, before the customer adds the one that would go
 * over; once it is reached, says why adding may be refused. The Add button stays enabled:
 * the server's answer explains the limit in full.
 */
export function CompanyLimitHint({ count, limit }: CompanyLimitHintProps) {
  if (limit === null) return null;
  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <UsageMeter label="Entities" used={count} limit={limit} unit="entities" />
      {count >= limit && (
        <UpgradeHint>
          Your plan allows {limit} {limit === 1 ? 'entity' : 'entities'}.
        </UpgradeHint>
      )}
    </div>
  );
}
