import { Activity, BarChart3, History, ScrollText, Settings2, Tags, Users } from 'lucide-react';
import { PageHeader } from '../../../components/layout/page-header';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { AdminSection } from './admin-section';
import { LogsSection } from './logs-section';
import { PlansSection } from './plans-section';
import { PriceHistorySection } from './price-history-section';
import { ServicesSection } from './services-section';
import { SettingsSection } from './settings-section';
import { StatsSection } from './stats-section';
import { UsersSection } from './users-section';

/** The admin panel (spec 001): seven collapsible sections, the first two open. */
export function AdminPage() {
  const { timeZone } = useTimeZone();
  return (
    <div className="space-y-4">
      <PageHeader
        title="Admin Panel"
        description="Settings, services, plans and users of this Cadence instance."
      />
      <AdminSection title="System Settings" icon={Settings2} defaultOpen>
        <SettingsSection />
      </AdminSection>
      <AdminSection title="Service Monitoring" icon={Activity} defaultOpen>
        <ServicesSection />
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
        <LogsSection />
      </AdminSection>
      <AdminSection title="User Management" icon={Users}>
        <UsersSection />
      </AdminSection>
    </div>
  );
}
