import { ShieldCheck } from 'lucide-react';
import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export function AdminPage() {
  return (
    <PagePlaceholder
      title="Admin Panel"
      description="System settings, service monitoring, subscription plans and users."
      icon={ShieldCheck}
      note="Tools for running this Cadence instance are gathered here."
    />
  );
}
