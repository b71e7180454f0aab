import type { Company, Post } from '@cadence/shared';
import { POST_MESSAGES } from '@cadence/shared';
import { CompanyAvatar } from '../../../components/entities/company-avatar';
import { PostStatus } from './post-status';

/** The post's entity as the list shows it; the company list fills in what the post lacks. */
export function getPostEntity(post: Post, companies: readonly Company[]) {
  const company = companies.find((item) => item.id === post.company_id);
  return {
    name: post.company?.name ?? company?.name ?? POST_MESSAGES.unknownCompany,
    logoUrl: post.company?.logo_url ?? company?.logo_url ?? null,
  };
}

interface PostEntityProps {
  post: Post;
  companies: readonly Company[];
  /** The table has its own status column; cards show the status under the entity. */
  showStatus?: boolean;
}

/** Logo or placeholder, the entity name, and (on cards) what publishing made of the post. */
export function PostEntity({ post, companies, showStatus = true }: PostEntityProps) {
  const entity = getPostEntity(post, companies);
  return (
    <div className="flex items-center gap-3">
      <CompanyAvatar name={entity.name} logoUrl={entity.logoUrl} />
      <div className="min-w-0">
        <p className="font-semibold break-words text-gray-900">{entity.name}</p>
        {showStatus && (
          <p className="mt-1">
            <PostStatus post={post} />
          </p>
        )}
      </div>
    </div>
  );
}
