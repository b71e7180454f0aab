import { UpgradeHint } from '../../../components/ui/upgrade-hint';

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
    <UpgradeHint>
      Your plan allows {limit} {limit === 1 ? 'entity' : 'entities'}.
    </UpgradeHint>
  );
}
