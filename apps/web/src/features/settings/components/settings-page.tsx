import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/layout/page-header';
import { useRole } from '../../../hooks/use-can';
import type { ScreenHeader } from '../../../components/layout/page-header';
import { useOpenSections } from '../hooks/use-open-sections';
import { SettingsSection } from './settings-section';
import { sectionsFor, SETTINGS_SECTION_IDS } from './settings-sections';

/** The profile opens on arrival; a link such as /settings#security opens its own section. */
const OPEN_ON_ARRIVAL = ['profile'];

interface SettingsPageProps {
  /** The Subscription section's body (features/subscriptions), composed in by the app's screens. */
  subscriptionSection?: ReactNode;
}

/** The heading, also the screen's first frame (app/first-frames.tsx). */
export const SETTINGS_HEADER: ScreenHeader = {
  title: 'Settings',
  description:
    'Your profile, security, subscription, post logs, time zone and developer information.',
};

export function SettingsPage({ subscriptionSection }: SettingsPageProps) {
  const { isOpen, toggle } = useOpenSections(SETTINGS_SECTION_IDS, OPEN_ON_ARRIVAL);
  // A member sees no billing, no team management and no account deletion: the owner's alone.
  const sections = sectionsFor(useRole());
  return (
    <div className="space-y-6">
      <PageHeader {...SETTINGS_HEADER} />
      <div className="space-y-4">
        {sections.map(({ id, title, description, component: Content, footer }) => (
          <SettingsSection
            key={id}
            id={id}
            title={title}
            description={description}
            isOpen={isOpen(id)}
            onToggle={() => toggle(id)}
          >
            {id === 'subscription' && subscriptionSection !== undefined ? (
              subscriptionSection
            ) : (
              <Content />
            )}
            {footer}
          </SettingsSection>
        ))}
      </div>
    </div>
  );
}
