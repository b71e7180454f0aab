import type { Company } from '@cadence/shared';
import { networksInUse } from '@cadence/shared';
import { UsageMeter } from '../../../components/ui/usage-meter';

interface NetworkLimitHintProps {
  /** The customer's entities, with their connected networks. */
  companies: readonly Company[];
  /** The plan's network limit; null is unlimited. */
  limit: number | null;
  /** Adds the line that says how networks are counted. */
  explained?: boolean;
  className?: string;
}

/** The networks the entities use between them, each once (the server's rule). */
export function countNetworksInUse(companies: readonly Company[]) {
  return networksInUse(
    companies.flatMap((company) =>
      company.social_credentials.map((credential) => credential.social_account.key),
    ),
  ).length;
}

/**
 * 'N of M social networks' on a plan with a network limit, before the customer connects
 * the one that would go over; a network another entity already uses costs nothing more.
 */
export function NetworkLimitHint({
  companies,
  limit,
  explained = false,
  className,
}: NetworkLimitHintProps) {
  if (limit === null) return null;
  return (
    <UsageMeter
      label="Social networks"
      used={countNetworksInUse(companies)}
      limit={limit}
      unit={limit === 1 ? 'social network' : 'social networks'}
      {...(explained ? { note: 'A network counts once, however many entities use it.' } : {})}
      className={className}
    />
  );
}
