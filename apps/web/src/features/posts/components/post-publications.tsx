import { PublicationRow } from '../../../components/publications/publication-row';
import { useTimeZone } from '../../../hooks/use-time-zone';
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
          <PublicationRow
            key={publication.id}
            publication={publication}
            companyId={instance.post.company?.id ?? null}
            timeZone={timeZone}
            scheduledFor={instance.scheduled_for}
            className="rounded-lg bg-gray-50 px-3 py-2"
          />
        ))}
      </ul>
    </section>
  );
}
