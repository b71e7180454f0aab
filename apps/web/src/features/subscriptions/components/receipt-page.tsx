import { formatInterval, formatUsd, ROUTES } from '@cadence/shared';
import { CircleAlert, LoaderCircle, Printer } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { StatePanel } from '../../../components/ui/state-panel';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useOrder } from '../api/billing';
import { formatDate } from '../utils/format';
import { useTimeZone } from '../../../hooks/use-time-zone';

/** The built-in receipt of a paid order (Stripe orders link to Stripe's hosted invoice). */
export function ReceiptPage() {
  const { timeZone } = useTimeZone();
  useDocumentTitle('Receipt');
  const { orderId = '' } = useParams();
  const order = useOrder(orderId);
  if (order.isPending)
    return (
      <div role="status" className="grid place-items-center py-24">
        <LoaderCircle className="size-8 animate-spin text-brand-600" aria-hidden="true" />
        <span className="sr-only">Loading the receipt</span>
      </div>
    );
  if (order.isError || order.data.status !== 'paid')
    return (
      <div className="mx-auto mt-8 max-w-lg">
        <StatePanel
          icon={CircleAlert}
          tone="danger"
          title="No receipt"
          role="alert"
          action={
            <Link to={ROUTES.settings} className={buttonClasses('primary')}>
              Back to Settings
            </Link>
          }
        >
          There is no paid order with this number on your account.
        </StatePanel>
      </div>
    );
  const data = order.data;
  return (
    <article className="mx-auto mt-6 max-w-xl rounded-2xl bg-white px-6 py-8 shadow-sm ring-1 ring-gray-200 sm:px-10">
      <header className="flex items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">Receipt</h1>
          <p className="mt-1 text-xs break-all text-gray-600">Order {data.id}</p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => window.print()}
          icon={<Printer className="size-4" aria-hidden="true" />}
        >
          Print
        </Button>
      </header>
      <dl className="mt-6 space-y-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-gray-600">Paid on</dt>
          <dd>{formatDate(data.paid_at, timeZone)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-gray-600">Plan</dt>
          <dd>{data.plan.name}</dd>
        </div>
        {data.interval && data.interval_count && (
          <div className="flex justify-between gap-4">
            <dt className="text-gray-600">Billing</dt>
            <dd>{formatInterval(data.interval_count, data.interval)}</dd>
          </div>
        )}
        {data.period_start && data.period_end && (
          <div className="flex justify-between gap-4">
            <dt className="text-gray-600">Period</dt>
            <dd>
              {formatDate(data.period_start, timeZone)} - {formatDate(data.period_end, timeZone)}
            </dd>
          </div>
        )}
        {data.credit_cents > 0 && (
          <div className="flex justify-between gap-4">
            <dt className="text-gray-600">Credit for unused time</dt>
            <dd>{formatUsd(-data.credit_cents)}</dd>
          </div>
        )}
        <div className="flex justify-between gap-4 border-t border-gray-100 pt-3 text-base font-semibold">
          <dt>Amount paid</dt>
          <dd>
            {formatUsd(data.amount_cents)} {data.currency}
          </dd>
        </div>
      </dl>
    </article>
  );
}
