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

/**
 * Where a `PlanLockedNote` will be while the plans load: the lock and a neutral bar of its
 * height, so the note neither says something it may take back nor moves the row when it comes.
 */
export function PlanLockedNotePending({ className }: { className?: string }) {
  return (
    <span
      data-testid="plan-locked-note-pending"
      className={cn('inline-flex items-center gap-1 text-xs text-gray-400', className)}
    >
      <Lock className="size-3.5 shrink-0" aria-hidden="true" />
      {/* As tall as the note's Upgrade link (min-h-6), so the row keeps its height. */}
      <span className="inline-flex min-h-6 items-center" aria-hidden="true">
        <span className="h-3 w-32 animate-pulse rounded bg-gray-200" />
      </span>
    </span>
  );
}
