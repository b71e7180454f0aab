import { CreditCard } from 'lucide-react';
import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export function SubscriptionsPage() {
  return (
    <PagePlaceholder
      title="Choose Your Subscription Plan"
      description="Compare the plans and the social networks each one includes."
      icon={CreditCard}
      note="The available plans and their prices are listed here."
    />
  );
}
