import { Settings } from 'lucide-react';
import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export function SettingsPage() {
  return (
    <PagePlaceholder
      title="Settings"
      description="Your profile, security, subscription, post logs and time zone."
      icon={Settings}
      note="Your account preferences are managed here."
    />
  );
}
