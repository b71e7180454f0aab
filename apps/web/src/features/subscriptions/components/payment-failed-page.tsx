import { ROUTES } from '@cadence/shared';
import { CircleX } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useOrder } from '../api/billing';
import { PaymentResult } from './payment-result';

export function PaymentFailedPage() {
  const [params] = useSearchParams();
  const order = useOrder(params.get('order'));
  return (
    <PaymentResult
      icon={CircleX}
      tone="failure"
      title="Payment Failed"
      message="We're sorry, but your payment could not be processed. Please try again or contact support."
      details={
        order.data && (
          <p>
            Nothing was charged and your plan has not changed. ({order.data.plan.name} plan
            {order.data.failure_reason ? `: ${order.data.failure_reason}` : ''})
          </p>
        )
      }
      actions={
        <Link to={ROUTES.subscriptions} className={buttonClasses('primary', 'md')}>
          Try again
        </Link>
      }
    />
  );
}
