import { ADMIN_MESSAGES, ADMIN_TOASTS, TIERS, type Tier } from '@cadence/shared';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import type { AdminUserDetails } from '@cadence/shared';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { ApiRequestError } from '../../../lib/api-error';
import { formatInZone } from '../../../lib/zoned-time';
import { useAdminUser, useToggleAdmin, useUpdateSubscription } from '../api/admin-api';
import { toastApiError } from '../../../components/ui/error-toast';
import { useQueryErrorToast } from '../../../components/ui/error-toast';

const TIER_NAMES: Record<Tier, string> = {
  free: 'Free',
  pro: 'Pro',
  business: 'Business',
  enterprise: 'Enterprise',
};

interface UserDetailsDialogProps {
  userId: string | null;
  onClose: () => void;
  timeZone: string;
}

/** Email, dates, the admin switch and the subscription an admin sets without payment. */
export function UserDetailsDialog({ userId, onClose, timeZone }: UserDetailsDialogProps) {
  const user = useAdminUser(userId);
  const toggleAdmin = useToggleAdmin();
  const updateSubscription = useUpdateSubscription();

  const isNotFound = user.error instanceof ApiRequestError && user.error.status === 404;
  // 'User not found' shows in the dialog; any other failure leaves nothing to show.
  useQueryErrorToast(user, ADMIN_TOASTS.loadUserFailed, {
    isEnabled: !isNotFound,
    onToast: onClose,
  });

  const isBusy = toggleAdmin.isPending || updateSubscription.isPending;
  const details = user.data;

  return (
    <Dialog
      open={userId !== null}
      onOpenChange={(open) => !open && onClose()}
      title="User Details"
      size="lg"
    >
      {user.isPending && <p className="text-sm text-gray-600">Loading...</p>}
      {isNotFound && (
        <p role="alert" className="text-sm text-red-700">
          {ADMIN_MESSAGES.userNotFound}
        </p>
      )}
      {details && (
        <div className="space-y-5">
          <dl className="grid gap-3 text-sm sm:grid-cols-2">
            <div className="sm:col-span-2">
              <dt className="text-gray-600">Email</dt>
              <dd className="flex flex-wrap items-center gap-2 font-medium break-all text-gray-900">
                {details.email}
                {details.is_admin && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
                    <ShieldCheck className="size-3.5" aria-hidden="true" /> Admin User
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt className="text-gray-600">Joined</dt>
              <dd className="font-medium text-gray-900">
                {formatInZone(details.created_at, timeZone)}
              </dd>
            </div>
            <div>
              <dt className="text-gray-600">Last Sign In</dt>
              <dd className="font-medium text-gray-900">
                {details.last_sign_in_at
                  ? formatInZone(details.last_sign_in_at, timeZone)
                  : 'Never signed in'}
              </dd>
            </div>
          </dl>
          <Button
            variant={details.is_admin ? 'danger-outline' : 'soft'}
            disabled={isBusy}
            icon={<ShieldCheck className="size-4" aria-hidden="true" />}
            onClick={() =>
              toggleAdmin.mutate(details.id, {
                onSuccess: (isAdmin) =>
                  toast.success(isAdmin ? ADMIN_TOASTS.adminGranted : ADMIN_TOASTS.adminRemoved),
                onError: (error) => toastApiError(error, ADMIN_TOASTS.updateAdminFailed),
              })
            }
          >
            {details.is_admin ? 'Remove Admin Access' : 'Grant Admin Access'}
          </Button>
          <SubscriptionForm
            key={`${details.id}-${details.subscription.tier}-${details.price_override}`}
            details={details}
            isBusy={isBusy}
            onCancel={onClose}
          />
        </div>
      )}
    </Dialog>
  );
}

/** The tier select and price override, starting from the user's current subscription. */
function SubscriptionForm({
  details,
  isBusy,
  onCancel,
}: {
  details: AdminUserDetails;
  isBusy: boolean;
  onCancel: () => void;
}) {
  const updateSubscription = useUpdateSubscription();
  const [tier, setTier] = useState<Tier>(details.subscription.tier);
  const [priceOverride, setPriceOverride] = useState(
    details.price_override === null ? '' : String(details.price_override),
  );
  return (
    <form
      className="space-y-4 border-t border-gray-100 pt-4"
      onSubmit={(event) => {
        event.preventDefault();
        const price = priceOverride.trim() === '' ? null : Number(priceOverride);
        // The saved plan re-keys this form, which unmounts it: the toast hangs on the promise.
        updateSubscription
          .mutateAsync({ userId: details.id, body: { tier, price_override: price } })
          .then(
            () => toast.success(ADMIN_TOASTS.subscriptionUpdated),
            (error: unknown) => toastApiError(error, ADMIN_TOASTS.updateSubscriptionFailed),
          );
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="text-sm font-medium text-gray-800">
          Subscription
          <select
            value={tier}
            onChange={(event) => setTier(event.target.value as Tier)}
            className="mt-1.5 h-10 w-full rounded-lg border border-gray-300 px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {TIERS.map((option) => (
              <option key={option} value={option}>
                {TIER_NAMES[option]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm font-medium text-gray-800">
          Custom Price Override
          <input
            type="number"
            step="0.01"
            min="0"
            placeholder="List price"
            value={priceOverride}
            onChange={(event) => setPriceOverride(event.target.value)}
            className="mt-1.5 h-10 w-full rounded-lg border border-gray-300 px-3 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
          />
        </label>
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={tier === details.subscription.tier || isBusy || updateSubscription.isPending}
          isLoading={updateSubscription.isPending}
          loadingText="Updating..."
        >
          Update Subscription
        </Button>
      </div>
    </form>
  );
}
