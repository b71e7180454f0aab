import { can, ROUTES, type RoleAction, type TeamRole } from '@cadence/shared';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { BrandingSection } from './branding-section';
import { DeveloperInfoSection } from './developer-info-section';
import { NotificationsSection } from './notifications-section';
import { PostLogsSection } from './post-logs-section';
import { ProfileSection } from './profile-section';
import { SecuritySection } from './security-section';
import { SubscriptionSlot } from './subscription-slot';
import { TeamSection } from './team-section';
import { TimezoneSection } from './timezone-section';
import { YourDataSection } from './your-data-section';

export interface SettingsSectionEntry {
  /** The link target: /settings#id opens and scrolls to the section. */
  id: string;
  title: string;
  description: string;
  component: ComponentType;
  /** Shown under the section's content. */
  footer?: ReactNode;
  /** Shown only to a role that may do this in the workspace (shared/roles.ts). */
  action?: RoleAction;
}

/** The page's sections in the spec's order, then ours. Plug a new section in here. */
export const SETTINGS_SECTIONS: readonly SettingsSectionEntry[] = [
  {
    id: 'profile',
    title: 'Update Profile',
    description: 'Your name, picture, gender and address.',
    component: ProfileSection,
  },
  {
    id: 'security',
    title: 'Security',
    description: 'Change your password, or sign out on every device.',
    component: SecuritySection,
  },
  {
    id: 'subscription',
    title: 'Subscription',
    description: 'Your current plan.',
    component: SubscriptionSlot,
    action: 'billing',
    footer: (
      <Link to={ROUTES.subscriptions} className={buttonClasses('soft', 'md', 'mt-4')}>
        Explore Subscription Plans
      </Link>
    ),
  },
  {
    id: 'team',
    title: 'Team',
    description: 'The people in this workspace: their roles and entities, invitations and seats.',
    component: TeamSection,
    action: 'manageTeam',
  },
  {
    id: 'branding',
    title: 'Branding',
    description: 'Your own name, logo and colour for your team and your clients (white label).',
    component: BrandingSection,
    action: 'branding',
  },
  {
    id: 'post-logs',
    title: 'Post Logs',
    description: 'Every publishing attempt, newest first.',
    component: PostLogsSection,
  },
  {
    id: 'timezone',
    title: 'Timezone Settings',
    description: 'The zone your posts are scheduled and shown in.',
    component: TimezoneSection,
  },
  {
    id: 'developer-info',
    title: 'Developer Info',
    description: 'Your API keys and the AI calls made for your account.',
    component: DeveloperInfoSection,
  },
  {
    id: 'notifications',
    title: 'Notifications',
    description: 'What we e-mail you about.',
    component: NotificationsSection,
  },
  {
    id: 'your-data',
    title: 'Your Data',
    description: 'Export your data or delete your account.',
    component: YourDataSection,
    action: 'ownAccount',
  },
];

/** The sections `role` sees: a member sees no billing, team management or account deletion. */
export function sectionsFor(role: TeamRole): SettingsSectionEntry[] {
  return SETTINGS_SECTIONS.filter(
    (section) => section.action === undefined || can(role, section.action),
  );
}

export const SETTINGS_SECTION_IDS = SETTINGS_SECTIONS.map((section) => section.id);
