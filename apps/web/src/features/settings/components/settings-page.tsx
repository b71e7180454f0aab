import { Settings } from 'lucide-react';
import type { ReactNode } from 'react';
import { PagePlaceholder } from '../../../components/layout/page-placeholder';

interface SettingsPageProps {
  /** The Subscription section (features/subscriptions), composed in by the router. */
  subscriptionSection?: ReactNode;
}

// The settings shell (branch settings-account) replaces this page and renders the
// subscription section in its Subscription section.
export function SettingsPage({ subscriptionSection }: SettingsPageProps) {
  return (
    <>
      <PagePlaceholder
        title="Settings"
        description="Your profile, security, subscription, post logs and time zone."
        icon={Settings}
        note="Your account preferences are managed here."
      />
      {subscriptionSection !== undefined && (
        <section
          aria-labelledby="settings-subscription"
          className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200"
        >
          <h2 id="settings-subscription" className="mb-4 text-lg font-semibold text-gray-900">
            Subscription
          </h2>
          {subscriptionSection}
        </section>
      )}
    </>
  );
}
