import { FileText } from 'lucide-react';
import { PagePlaceholder } from '../../../components/layout/page-placeholder';

export function PostsPage() {
  return (
    <PagePlaceholder
      title="Posts"
      description="Write, edit and organise the posts of every entity."
      icon={FileText}
      note="Posts for your entities, with their attachments and schedules, are listed here."
    />
  );
}
