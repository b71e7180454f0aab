import { formatInterval, formatUsd, ROUTES } from '@cadence/shared';
import { CircleAlert, FlaskConical, LoaderCircle } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { StatePanel } from '../../../components/ui/state-panel';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useOrder, useTestCheckout } from '../api/billing';
import { formatDate } from '../utils/format';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { toastApiError } from '../../../components/ui/error-toast';

/**
 * The built-in checkout (no Stripe configured): clearly a test, no card, no money. Pay and
 * Decline settle the order through the same server path as a provider's events.
 */
export function TestCheckoutPage() {
  const { timeZone } = useTimeZone();
  useDocumentTitle('Test payment');
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  const settle = useTestCheckout(orderId);
  const navigate = useNavigate();

  const run = (outcome: 'pay' | 'decline') =>
    settle.mutate(outcome, {
      onSuccess: ({ redirect_url }) => void navigate(redirect_url),
      onError: (error) => toastApiError(error, 'The test payment could not be recorded.'),
    });

  if (order.isPending)
    return (
      <div role="status" className="grid place-items-center py-24">
        <LoaderCircle className="size-8 animate-spin text-brand-600" aria-hidden="true" />
        <span className="sr-only">Loading the order</span>
      </div>
    );
  if (order.isError)
    return (
      <div className="mx-auto mt-8 max-w-lg">
        <StatePanel
          icon={CircleAlert}
          tone="danger"
          title="Order not found"
          role="alert"
          action={
            <Link to={ROUTES.subscriptions} className={buttonClasses('primary')}>
              See the plans
            </Link>
          }
        >
          This order does not exist or belongs to another account.
        </StatePanel>
      </div>
    );

  const data = order.data;
  const isPending = data.status === 'pending';
  return (
    <section className="mx-auto mt-6 max-w-lg overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-gray-200 sm:mt-12">
      <div className="flex items-center gap-3 bg-amber-100 px-6 py-3 text-amber-950">
        <FlaskConical className="size-5 shrink-0" aria-hidden="true" />
        <p className="text-sm font-semibold">Test payment - no money moves</p>
      </div>
      <div className="px-6 py-8 sm:px-10">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">Checkout</h1>
        <p className="mt-1 text-sm text-gray-600">
          This server has no payment provider configured, so this page stands in for one.
        </p>
        <dl className="mt-6 space-y-2 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-gray-600">Plan</dt>
            <dd className="font-medium text-gray-900">{data.plan.name}</dd>
          </div>
          {data.interval && data.interval_count && (
            <div className="flex justify-between gap-4">
              <dt className="text-gray-600">Billing</dt>
              <dd className="text-gray-900">
                {formatInterval(data.interval_count, data.interval)}
              </dd>
            </div>
          )}
          {data.period_start && data.period_end && (
            <div className="flex justify-between gap-4">
              <dt className="text-gray-600">Period</dt>
              <dd className="text-gray-900">
                {formatDate(data.period_start, timeZone)} - {formatDate(data.period_end, timeZone)}
              </dd>
            </div>
          )}
          {data.credit_cents > 0 && (
            <div className="flex justify-between gap-4">
              <dt className="text-gray-600">Credit for unused time</dt>
              <dd className="text-gray-900">{formatUsd(-data.credit_cents)}</dd>
            </div>
          )}
          <div className="flex justify-between gap-4 border-t border-gray-100 pt-3 text-base font-semibold">
            <dt>Total</dt>
            <dd>{formatUsd(data.amount_cents)} USD</dd>
          </div>
        </dl>
        {isPending ? (
          <div className="mt-8 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button
              variant="danger-outline"
              onClick={() => run('decline')}
              disabled={settle.isPending}
            >
              Decline
            </Button>
            <Button
              onClick={() => run('pay')}
              isLoading={settle.isPending}
              loadingText="Processing..."
            >
              Pay
            </Button>
          </div>
        ) : (
          <p className="mt-8 rounded-lg bg-gray-50 px-3 py-2.5 text-sm text-gray-700" role="status">
            This order is {data.status}.{' '}
            <Link to={ROUTES.subscriptions} className="font-medium text-brand-700 underline">
              Back to the plans
            </Link>
          </p>
        )}
      </div>
    </section>
  );
}
