import type { Company, Post } from '@cadence/shared';
import { POST_MESSAGES } from '@cadence/shared';
import { CalendarClock } from 'lucide-react';
import { CompanyAvatar } from '../../../components/entities/company-avatar';

/** The post's entity as the list shows it; the company list fills in what the post lacks. */
export function getPostEntity(post: Post, companies: readonly Company[]) {
  const company = companies.find((item) => item.id === post.company_id);
  return {
    name: post.company?.name ?? company?.name ?? POST_MESSAGES.unknownCompany,
    logoUrl: post.company?.logo_url ?? company?.logo_url ?? null,
  };
}

export function ScheduledBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-700 ring-1 ring-emerald-200">
      <CalendarClock className="size-3" aria-hidden="true" />
      Scheduled
    </span>
  );
}

interface PostEntityProps {
  post: Post;
  companies: readonly Company[];
}

/** Logo or placeholder, the entity name, and 'Scheduled' when the post has schedules. */
export function PostEntity({ post, companies }: PostEntityProps) {
  const entity = getPostEntity(post, companies);
  return (
    <div className="flex items-center gap-3">
      <CompanyAvatar name={entity.name} logoUrl={entity.logoUrl} />
      <div className="min-w-0">
        <p className="font-semibold break-words text-gray-900">{entity.name}</p>
        {post.has_schedules && (
          <p className="mt-1">
            <ScheduledBadge />
          </p>
        )}
      </div>
    </div>
  );
}
