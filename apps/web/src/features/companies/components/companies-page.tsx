import { Building2 } from 'lucide-react';
import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export function CompaniesPage() {
  return (
    <PagePlaceholder
      title="Entities"
      description="The companies you manage, each with its website, industry, voice and social accounts."
      icon={Building2}
      note="Your entities and their connected social networks are listed here."
    />
  );
}
