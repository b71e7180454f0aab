import { CircleX } from 'lucide-react';
import { PaymentResult } from './payment-result';

export function PaymentFailedPage() {
  return (
    <PaymentResult
      icon={CircleX}
      tone="failure"
      title="Payment Failed"
      message="We're sorry, but your payment could not be processed. Please try again or contact support."
    />
  );
}
