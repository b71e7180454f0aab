import { ROUTES } from '@cadence/shared';
import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';

const LINK_CLASSES = 'rounded font-medium text-brand-700 underline-offset-2 hover:underline';

/** A plan limit stops the customer here: what the limit is, and an 'Upgrade' link to the plans. */
export function UpgradeHint({ children }: { children: ReactNode }) {
  return (
    <p className="text-xs text-gray-600">
      {children}{' '}
      <Link to={ROUTES.subscriptions} className={LINK_CLASSES}>
        Upgrade
      </Link>
    </p>
  );
}

/** An error toast that, for a plan limit (a 403 from a limit check), links to the plans. */
export function toastLimitError(message: string, id?: string) {
  toast.error(
    // The toaster lives outside the router, so this is a plain link.
    <span>
      {message}{' '}
      <a href={ROUTES.subscriptions} className={LINK_CLASSES}>
        Upgrade
      </a>
    </span>,
    id ? { id } : undefined,
  );
}
