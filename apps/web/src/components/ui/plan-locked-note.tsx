import { ROUTES } from '@cadence/shared';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

/**
 * Beside a feature the customer's plan lacks: 'Available on Pro: Upgrade' (to the plans).
 * `plan` names the first plan that has it; null when no plan on offer does.
 */
export function PlanLockedNote({
  plan = 'Pro',
  className,
}: {
  plan?: string | null;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex items-center gap-1 text-xs text-gray-600', className)}>
      <Lock className="size-3.5 shrink-0" aria-hidden="true" />
      {plan === null ? 'Not on your plan:' : `Available on ${plan}:`}{' '}
      <Link
        to={ROUTES.subscriptions}
        className="inline-flex min-h-6 items-center rounded font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        Upgrade
      </Link>
    </span>
  );
}
