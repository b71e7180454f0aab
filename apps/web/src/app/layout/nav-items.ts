import { can, ROUTES, type RoleAction, type TeamRole } from '@cadence/shared';
import type { LucideIcon } from 'lucide-react';
import {
  BarChart3,
  Building2,
  CalendarDays,
  CreditCard,
  FileText,
  Settings,
  ShieldCheck,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  isAdminOnly?: boolean;
  /** Shown only to a role that may do this in the workspace (shared/roles.ts). */
  action?: RoleAction;
}

/** The spec's top navigation, in its order ('Subcription Plans' spelled correctly), with Analytics after Scheduling. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: ROUTES.companies, label: 'Entities', icon: Building2 },
  { to: ROUTES.posts, label: 'Posts', icon: FileText },
  { to: ROUTES.scheduling, label: 'Scheduling', icon: CalendarDays },
  { to: ROUTES.analytics, label: 'Analytics', icon: BarChart3 },
  { to: ROUTES.subscriptions, label: 'Subscription Plans', icon: CreditCard, action: 'billing' },
  { to: ROUTES.admin, label: 'Admin', icon: ShieldCheck, isAdminOnly: true },
  { to: ROUTES.settings, label: 'Settings', icon: Settings },
];

/** The links for this person: admins see Admin; members never see billing. */
export function getNavItems(isAdmin: boolean, role: TeamRole = 'owner'): NavItem[] {
  return NAV_ITEMS.filter(
    (item) =>
      (isAdmin || item.isAdminOnly !== true) &&
      (item.action === undefined || can(role, item.action)),
  );
}

/** Up to two initials for the avatar: 'Ada Lovelace' → 'AL', 'ada' → 'A'. */
export function getInitials(name: string): string {
  const initials = name
    .trim()
    .split(/\s+/)
    .filter((word) => word !== '')
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  return initials === '' ? '?' : initials;
}
