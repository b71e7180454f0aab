import { BILLING_MESSAGES, formatInterval, formatUsd, ROUTES } from '@cadence/shared';
import { ExternalLink, LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { cn } from '../../../lib/cn';
import {
  useBillingHistory,
  useCancelSubscription,
  useCustomerSubscription,
  useResumeSubscription,
} from '../api/billing';
import { formatDate } from '../utils/format';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { toastApiError } from '../../../components/ui/error-toast';

const STATUS_LABELS: Record<string, string> = {
  active: 'Active',
  past_due: 'Payment failed',
  cancelled: 'Cancelled',
  incomplete: 'Incomplete',
};

/**
 * Settings > Subscription: the current plan and its status, the next billing date, cancel
 * (and resume while a cancellation is pending), and the billing history with receipts.
 */
export function SubscriptionSection() {
  const { timeZone } = useTimeZone();
  const subscription = useCustomerSubscription();
  const history = useBillingHistory();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [confirming, setConfirming] = useState(false);
  const sub = subscription.data ?? null;

  const doCancel = () => {
    if (!sub) return;
    cancel.mutate(sub.subscription_plan_id, {
      onSuccess: () => {
        setConfirming(false);
        toast.success(BILLING_MESSAGES.cancelled);
      },
      onError: (error) => toastApiError(error, BILLING_MESSAGES.cancelFailed),
    });
  };
  const doResume = () => {
    if (!sub) return;
    resume.mutate(sub.subscription_plan_id, {
      onSuccess: () => toast.success(BILLING_MESSAGES.resumed),
      onError: (error) => toastApiError(error, 'Failed to resume subscription'),
    });
  };

  return (
    <div className="space-y-6">
      {subscription.isPending ? (
        <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> Loading your
          subscription
        </p>
      ) : subscription.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Error fetching subscription data
        </p>
      ) : sub === null ? (
        <div className="rounded-xl bg-gray-50 p-4 text-sm text-gray-700">
          <p>
            You are on the <strong>Free</strong> plan.
          </p>
          <Link to={ROUTES.subscriptions} className={buttonClasses('primary', 'sm', 'mt-3')}>
            Explore Subscription Plans
          </Link>
        </div>
      ) : (
        <div className="rounded-xl p-4 ring-1 ring-gray-200" aria-label="Current subscription">
          <div className="flex flex-wrap items-center gap-3">
            <h3 className="text-base font-semibold text-gray-900">{sub.subscription_plan.name}</h3>
            <span
              className={cn(
                'rounded-full px-2.5 py-0.5 text-xs font-semibold',
                sub.status === 'active'
                  ? 'bg-emerald-100 text-emerald-800'
                  : 'bg-red-100 text-red-800',
              )}
            >
              {STATUS_LABELS[sub.status] ?? sub.status}
            </span>
          </div>
          <p className="mt-1 text-sm text-gray-600">{sub.subscription_plan.description}</p>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-gray-600">Active since</dt>
              <dd className="text-gray-900">{formatDate(sub.activation_date, timeZone)}</dd>
            </div>
            {sub.interval_count !== null && sub.interval_unit !== null && (
              <div>
                <dt className="text-gray-600">Billing</dt>
                <dd className="text-gray-900">
                  {sub.price_cents !== null && `${formatUsd(sub.price_cents)} · `}
                  {formatInterval(sub.interval_count, sub.interval_unit)}
                </dd>
              </div>
            )}
            {sub.next_billing_date && (
              <div>
                <dt className="text-gray-600">Next billing date</dt>
                <dd className="text-gray-900">{formatDate(sub.next_billing_date, timeZone)}</dd>
              </div>
            )}
            {sub.ends_at && (
              <div>
                <dt className="text-gray-600">Ends on</dt>
                <dd className="text-gray-900">
                  {formatDate(sub.ends_at, timeZone)} (then the Free plan; nothing is deleted)
                </dd>
              </div>
            )}
            {sub.scheduled_plan && (
              <div>
                <dt className="text-gray-600">Changes to</dt>
                <dd className="text-gray-900">
                  {sub.scheduled_plan.name} on {formatDate(sub.next_billing_date, timeZone)}
                </dd>
              </div>
            )}
          </dl>
          {sub.status === 'past_due' && (
            <p className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800" role="alert">
              The last renewal payment failed. Please update your payment details, or your account
              returns to the Free plan at the end of the grace period.
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            {sub.cancel_at_period_end ? (
              <Button onClick={doResume} isLoading={resume.isPending} loadingText="Resuming...">
                Resume subscription
              </Button>
            ) : (
              <Button variant="danger-outline" onClick={() => setConfirming(true)}>
                Cancel subscription
              </Button>
            )}
            <Link to={ROUTES.subscriptions} className={buttonClasses('secondary')}>
              Change plan
            </Link>
          </div>
        </div>
      )}

      <section aria-labelledby="billing-history">
        <h3 id="billing-history" className="text-sm font-semibold text-gray-900">
          Billing history
        </h3>
        {history.isPending ? (
          <p className="mt-2 text-sm text-gray-600">Loading...</p>
        ) : history.isError ? (
          <p className="mt-2 text-sm text-red-700" role="alert">
            The billing history could not be loaded.
          </p>
        ) : history.data.rows.length === 0 ? (
          <p className="mt-2 text-sm text-gray-600">No payments yet.</p>
        ) : (
          <div className="mt-2 overflow-x-auto rounded-lg ring-1 ring-gray-200">
            <table className="w-full text-left text-sm">
              <thead className="bg-gray-50 text-xs text-gray-600 uppercase">
                <tr>
                  <th scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                    Date
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                    Plan
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                    Amount
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                    Status
                  </th>
                  <th scope="col" className="px-2 py-2 sm:px-3 font-semibold">
                    <span className="sr-only">Receipt</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {history.data.rows.map((row) => (
                  <tr key={row.id}>
                    <td className="px-2 py-2 sm:px-3 whitespace-nowrap">
                      {formatDate(row.paid_at ?? row.created_at, timeZone)}
                    </td>
                    <td className="px-2 py-2 sm:px-3">{row.plan.name}</td>
                    <td className="px-2 py-2 sm:px-3 whitespace-nowrap">
                      {formatUsd(row.amount_cents)}
                    </td>
                    <td className="px-2 py-2 sm:px-3">
                      <span className={row.status === 'paid' ? 'text-emerald-700' : 'text-red-700'}>
                        {row.status === 'paid' ? 'Paid' : 'Failed'}
                      </span>
                    </td>
                    <td className="px-2 py-2 sm:px-3 text-right">
                      {row.status === 'paid' &&
                        (row.receipt_url ? (
                          <a
                            href={row.receipt_url}
                            target="_blank"
                            rel="noreferrer"
                            className="inline-flex items-center gap-1 font-medium text-brand-700 hover:underline"
                          >
                            Receipt <ExternalLink className="size-3.5" aria-hidden="true" />
                            <span className="sr-only">(opens in a new tab)</span>
                          </a>
                        ) : (
                          <Link
                            to={ROUTES.receipt.replace(':orderId', row.id)}
                            className="font-medium text-brand-700 hover:underline"
                          >
                            Receipt
                          </Link>
                        ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <Dialog
        open={confirming}
        onOpenChange={(open) => !cancel.isPending && setConfirming(open)}
        title="Cancel subscription?"
        description={
          sub?.next_billing_date
            ? `Your ${sub.subscription_plan.name} plan stays active until ${formatDate(sub.next_billing_date, timeZone)}, then your account returns to the Free plan. Nothing you made is deleted, and you can resume before that date.`
            : 'Your account returns to the Free plan now. Nothing you made is deleted.'
        }
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            variant="secondary"
            onClick={() => setConfirming(false)}
            disabled={cancel.isPending}
          >
            Keep my plan
          </Button>
          <Button
            variant="danger"
            onClick={doCancel}
            isLoading={cancel.isPending}
            loadingText="Cancelling..."
          >
            Cancel subscription
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
