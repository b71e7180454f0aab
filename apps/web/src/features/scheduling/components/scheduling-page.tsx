import { CalendarDays } from 'lucide-react';
import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export function SchedulingPage() {
  return (
    <PagePlaceholder
      title="Scheduling"
      description="See what goes out when, and on which networks."
      icon={CalendarDays}
      note="The post calendar, your post queue and the scheduled posts are shown here."
    />
  );
}
