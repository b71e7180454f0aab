import { ROUTES } from '@cadence/shared';
import { CircleCheck, CircleX, LoaderCircle } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useOrder } from '../api/billing';
import { formatDate } from '../utils/format';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { PaymentResult } from './payment-result';

/**
 * The provider's return URL. It never trusts the URL alone: it waits until the server
 * says the order is paid (a verified event, or the server's own read of the checkout).
 */
export function PaymentSuccessPage() {
  const { timeZone } = useTimeZone();
  const [params] = useSearchParams();
  const orderId = params.get('order');
  const order = useOrder(orderId, { poll: true });
  const status = order.data?.status;

  if (orderId && (order.isPending || status === 'pending')) {
    return (
      <PaymentResult
        icon={LoaderCircle}
        tone="pending"
        title="Confirming your payment..."
        message="This takes a few seconds. You can leave this page; your plan starts as soon as the payment is confirmed."
      />
    );
  }
  if (orderId && (order.isError || status === 'failed' || status === 'expired')) {
    return (
      <PaymentResult
        icon={CircleX}
        tone="failure"
        title="Payment Failed"
        message="We're sorry, but your payment could not be processed. Please try again or contact support."
        actions={
          <Link to={ROUTES.subscriptions} className={buttonClasses('primary', 'md')}>
            Try again
          </Link>
        }
      />
    );
  }
  return (
    <PaymentResult
      icon={CircleCheck}
      tone="success"
      title="Payment Successful!"
      message="Thank you for your purchase! Your payment has been processed successfully."
      details={
        order.data && (
          <p>
            Your <strong>{order.data.plan.name}</strong> plan is now active
            {order.data.period_end
              ? ` until ${formatDate(order.data.period_end, timeZone)}, renewing automatically`
              : ''}
            .
          </p>
        )
      }
    />
  );
}
