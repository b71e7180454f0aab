import { Settings } from 'lucide-react';
import { PagePlaceholder } from '../../../components/layout/page-placeholder';
import { SubscriptionSection } from '../../subscriptions/components/subscription-section';

// The settings shell (branch settings-account) replaces this page; it renders
// SubscriptionSection in its Subscription section.
export function SettingsPage() {
  return (
    <>
      <PagePlaceholder
        title="Settings"
        description="Your profile, security, subscription, post logs and time zone."
        icon={Settings}
        note="Your account preferences are managed here."
      />
      <section
        aria-labelledby="settings-subscription"
        className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
      >
        <h2 id="settings-subscription" className="mb-4 text-lg font-semibold text-gray-900">
          Subscription
        </h2>
        <SubscriptionSection />
      </section>
    </>
  );
}
