import {
  Activity,
  BarChart3,
  History,
  LoaderCircle,
  ScrollText,
  Settings2,
  Tags,
  Users,
} from 'lucide-react';
import { API_PATHS } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../../components/layout/page-header';
import type { ScreenHeader } from '../../../components/layout/page-header';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { deploymentQuery, useAdminSettings, useServices } from '../api/admin-api';
import { AdminSection } from './admin-section';
import { LogsSection } from './logs-section';
import { PlansSection } from './plans-section';
import { PriceHistorySection } from './price-history-section';
import { ServicesSection } from './services-section';
import { SettingsSection } from './settings-section';
import { StatsSection } from './stats-section';
import { UsersSection } from './users-section';

/** The admin panel (spec 001): seven collapsible sections, the first two open. */
/** The heading, also the screen's first frame (app/first-frames.tsx). */
export const ADMIN_HEADER: ScreenHeader = {
  title: 'Admin Panel',
  description: 'Settings, services, plans and users of this Cadence instance.',
};

export function AdminPage() {
  const { timeZone, isLoading: isZoneLoading } = useTimeZone();
  // The two open sections come in with their first answers (or errors), not before: filling
  // in one by one, they pushed the sections below them down the screen (layout shift 0.152).
  const openSections = [
    useAdminSettings(),
    useServices(),
    useQuery(deploymentQuery(API_PATHS.adminDeployment)),
  ];
  const isFilling = isZoneLoading || openSections.some((query) => query.isPending);
  return (
    <div className="space-y-4">
      <PageHeader {...ADMIN_HEADER} />
      {isFilling ? <AdminLoading /> : <AdminSections timeZone={timeZone} />}
    </div>
  );
}

function AdminLoading() {
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
      <LoaderCircle className="size-4 animate-spin text-brand-600" aria-hidden="true" />
      Loading...
    </p>
  );
}

function AdminSections({ timeZone }: { timeZone: string }) {
  return (
    <>
      <AdminSection title="System Settings" icon={Settings2} defaultOpen>
        <SettingsSection />
      </AdminSection>
      <AdminSection title="Service Monitoring" icon={Activity} defaultOpen>
        <ServicesSection timeZone={timeZone} />
      </AdminSection>
      <AdminSection title="Subscription Management" icon={Tags}>
        <PlansSection timeZone={timeZone} />
      </AdminSection>
      <AdminSection title="Price History" icon={History}>
        <PriceHistorySection timeZone={timeZone} />
      </AdminSection>
      <AdminSection title="Dashboard Statistics" icon={BarChart3}>
        <StatsSection />
      </AdminSection>
      <AdminSection title="System Logs" icon={ScrollText}>
        <LogsSection timeZone={timeZone} />
      </AdminSection>
      <AdminSection title="User Management" icon={Users}>
        <UsersSection />
      </AdminSection>
    </>
  );
}
