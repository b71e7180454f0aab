import { NETWORK_NAMES } from '@cadence/shared';
import { NetworkMark } from '../../../components/entities/network-mark';
import { PublicationActions } from '../../../components/publications/publication-actions';
import { PublicationBadge } from '../../../components/publications/publication-badge';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { formatInZone } from '../../../lib/zoned-time';
import { usePostSchedules } from '../api/get-post-schedules';
import { publicationsNeedingAction } from '../utils/post-publications';

/**
 * The post's own view (`/posts?post=<id>`, where notifications and post logs lead): each
 * copy that failed, may or may not be out, or waits, with what can be done about it.
 */
export function PostPublications({ postId }: { postId: string }) {
  const { timeZone } = useTimeZone();
  const schedules = usePostSchedules(postId);
  // Judged as of the answer (refetched after every action), so render stays pure.
  const found = publicationsNeedingAction(schedules.data ?? [], schedules.dataUpdatedAt);
  if (found.length === 0) return null;
  return (
    <section
      aria-labelledby="post-publications-title"
      className="mt-6 border-t border-gray-100 pt-5"
    >
      <h3 id="post-publications-title" className="text-sm font-semibold text-gray-900">
        Publishing
      </h3>
      <ul className="mt-3 space-y-3">
        {found.map(({ instance, publication }) => (
          <li
            key={publication.id}
            className="flex min-w-0 flex-wrap items-center gap-2 rounded-lg bg-gray-50 px-3 py-2 text-sm"
          >
            <NetworkMark network={publication.network} size="sm" isDecorative />
            <span className="text-gray-800">
              {publication.social_account.name}
              <span className="sr-only"> ({NETWORK_NAMES[publication.network]})</span>
            </span>
            <time dateTime={instance.scheduled_for} className="text-xs text-gray-600">
              {formatInZone(instance.scheduled_for, timeZone)}
            </time>
            <PublicationBadge item={publication} />
            {publication.error !== null && publication.status !== 'published' && (
              <span className="basis-full pl-7 text-xs break-words text-red-600">
                {publication.error}
              </span>
            )}
            <PublicationActions
              publication={publication}
              className="flex basis-full flex-wrap gap-2 pl-7"
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
