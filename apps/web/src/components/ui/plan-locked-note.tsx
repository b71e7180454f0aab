import { ROUTES } from '@cadence/shared';
import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { cn } from '../../lib/cn';

/** Beside a feature the customer's plan lacks: 'Available on Pro: Upgrade' (to the plans). */
export function PlanLockedNote({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1 text-xs text-gray-600', className)}>
      <Lock className="size-3.5" aria-hidden="true" />
      Available on Pro:{' '}
      <Link
        to={ROUTES.subscriptions}
        className="inline-flex min-h-6 items-center rounded font-semibold text-brand-700 underline-offset-2 hover:underline"
      >
        Upgrade
      </Link>
    </span>
  );
}
