import type { ReviewLink } from '@cadence/shared';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toastApiError } from '../../../components/ui/error-toast';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { cn } from '../../../lib/cn';
import { formatInZone } from '../../../lib/zoned-time';
import { useRevokeReviewLink } from '../api/review-links';

type LinkStatus = 'Active' | 'Expired' | 'Revoked';

export function linkStatusOf(link: ReviewLink): LinkStatus {
  if (link.revoked_at !== null) return 'Revoked';
  return link.is_active ? 'Active' : 'Expired';
}

const STATUS_CLASSES: Record<LinkStatus, string> = {
  Active: 'bg-green-100 text-green-800',
  Expired: 'bg-gray-100 text-gray-700',
  Revoked: 'bg-red-50 text-red-800',
};

/** One review link: its label, when it was made and stops, its status, and 'Revoke'. */
export function ReviewLinkRow({
  companyId,
  link,
  isNew,
}: {
  companyId: string;
  link: ReviewLink;
  isNew: boolean;
}) {
  const { timeZone } = useTimeZone();
  const revoke = useRevokeReviewLink(companyId);
  const [isConfirming, setIsConfirming] = useState(false);
  const status = linkStatusOf(link);
  const name = link.label ?? 'Untitled link';

  return (
    <li
      className={cn(
        'flex flex-col gap-2 p-3 sm:flex-row sm:items-center sm:justify-between',
        isNew && 'bg-green-50/60',
      )}
      data-testid="review-link"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-gray-900">
          <span className={cn('truncate', link.label === null && 'text-gray-600 italic')}>
            {name}
          </span>
          <span
            className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_CLASSES[status])}
          >
            {status}
          </span>
        </p>
        <p className="mt-0.5 text-xs text-gray-600">
          Created {formatInZone(link.created_at, timeZone)} ·{' '}
          {status === 'Revoked' && link.revoked_at !== null
            ? `revoked ${formatInZone(link.revoked_at, timeZone)}`
            : `${status === 'Expired' ? 'expired' : 'expires'} ${formatInZone(link.expires_at, timeZone)}`}
        </p>
      </div>
      {status === 'Active' && (
        <Button
          variant="danger-outline"
          size="sm"
          aria-label={`Revoke ${name}`}
          onClick={() => setIsConfirming(true)}
        >
          Revoke
        </Button>
      )}
      <ConfirmDialog
        open={isConfirming}
        title="Revoke this review link?"
        description={`A client who opens "${name}" will be told it was revoked and to ask for a new one. This cannot be undone.`}
        confirmLabel="Revoke"
        pendingLabel="Revoking…"
        isPending={revoke.isPending}
        onClose={() => setIsConfirming(false)}
        onConfirm={() =>
          revoke.mutate(link.id, {
            onSuccess: () => {
              setIsConfirming(false);
              toast.success('Review link revoked');
            },
            onError: (failure) => toastApiError(failure, 'The link could not be revoked.'),
          })
        }
      />
    </li>
  );
}
