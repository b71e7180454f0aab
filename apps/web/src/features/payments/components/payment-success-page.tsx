import { CircleCheck } from 'lucide-react';
import { PaymentResult } from './payment-result';

export function PaymentSuccessPage() {
  return (
    <PaymentResult
      icon={CircleCheck}
      tone="success"
      title="Payment Successful!"
      message="Thank you for your purchase! Your payment has been processed successfully."
    />
  );
}
