import { SETTINGS_ANCHORS } from '@cadence/shared';
import { PageHeader } from '../../../components/layout/page-header';
import { NotificationsSection } from './notifications-section';
import { YourDataSection } from './your-data-section';

// TEMPORARY (branch settings-data): the page shell with its collapsible sections comes from
// branch settings-account; until it lands, our two sections are shown here so they can be
// used and tested. The lead wires them into the shell at merge.
export function SettingsPage() {
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader title="Settings" />
      <section
        id={SETTINGS_ANCHORS.notifications}
        aria-labelledby="settings-notifications"
        className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6"
      >
        <h2 id="settings-notifications" className="mb-4 text-lg font-semibold text-gray-900">
          Notifications
        </h2>
        <NotificationsSection />
      </section>
      <section
        id={SETTINGS_ANCHORS.yourData}
        aria-labelledby="settings-your-data"
        className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200 sm:p-6"
      >
        <h2 id="settings-your-data" className="mb-4 text-lg font-semibold text-gray-900">
          Your Data
        </h2>
        <YourDataSection />
      </section>
    </div>
  );
}
