import type { ScheduledInstance } from '@cadence/shared';
import { MOVE_TO_LABEL, POST_MESSAGES } from '@cadence/shared';
import { Repeat, Trash2 } from 'lucide-react';
import { useNow } from '../../../hooks/use-now';
import { Button } from '../../../components/ui/button';
import { useCan } from '../../../hooks/use-can';
import { cn } from '../../../lib/cn';
import { CompanyAvatar } from '../../../components/entities/company-avatar';
import { PublicationRow } from '../../../components/publications/publication-row';
import { formatInZone } from '../../../lib/zoned-time';

const REPEAT_LABELS = {
  daily: 'Repeats daily',
  weekly: 'Repeats weekly',
  monthly: 'Repeats monthly',
};

interface ScheduledCardProps {
  instance: ScheduledInstance;
  timeZone: string;
  isSelecting: boolean;
  isSelected: boolean;
  onToggle: (id: string) => void;
  onDelete: (id: string) => void;
  onMoveTo: (instance: ScheduledInstance) => void;
}

/** Waiting, still ahead and no network started or asked for early: it can be moved. */
function isMovable(instance: ScheduledInstance, now: number): boolean {
  return (
    instance.status === 'pending' &&
    Date.parse(instance.scheduled_for) > now &&
    instance.schedule_data.every((item) => item.status === 'pending' && item.due_at === null)
  );
}

/** One scheduled post: where and when it goes out, and how each network took it. */
export function ScheduledCard({
  instance,
  timeZone,
  isSelecting,
  isSelected,
  onToggle,
  onDelete,
  onMoveTo,
}: ScheduledCardProps) {
  // Moving and deleting are writes: not offered to a viewer (shared/roles.ts).
  const canWrite = useCan('writePosts');
  const now = useNow(60_000);
  const { post } = instance;
  const companyName = post.company?.name ?? POST_MESSAGES.unknownCompany;
  const when = formatInZone(instance.scheduled_for, timeZone);
  const accountNames = instance.schedule_data.map((item) => item.social_account.name).join(', ');
  return (
    <li
      className={cn(
        'rounded-xl border p-4 transition-colors',
        isSelected
          ? 'border-brand-300 bg-brand-50/40 ring-1 ring-brand-200'
          : 'border-gray-200 bg-white',
      )}
    >
      <div className="flex items-start gap-3">
        {isSelecting && (
          <input
            type="checkbox"
            checked={isSelected}
            onChange={() => onToggle(instance.id)}
            aria-label={`Select post scheduled at ${when}`}
            className="mt-3 size-4 shrink-0 rounded border-gray-300 accent-brand-600"
          />
        )}
        <CompanyAvatar name={companyName} logoUrl={post.company?.logo_url ?? null} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h3 className="text-sm font-semibold break-words text-gray-900">{companyName}</h3>
            {instance.repeat_type !== null && (
              <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-brand-100">
                <Repeat className="size-3" aria-hidden="true" />
                {REPEAT_LABELS[instance.repeat_type]}
              </span>
            )}
          </div>
          <p className="mt-0.5 truncate text-xs text-gray-600" title={accountNames}>
            {accountNames}
          </p>
        </div>
      </div>
      <p className="mt-3 line-clamp-4 text-sm leading-6 break-words whitespace-pre-line text-gray-700">
        {post.content}
      </p>
      <dl className="mt-3 text-sm">
        <div className="flex flex-wrap gap-x-2">
          <dt className="font-medium text-gray-600">Scheduled At</dt>
          <dd className="text-gray-900">
            <time dateTime={instance.scheduled_for}>{when}</time>
          </dd>
        </div>
      </dl>
      <ul aria-label="Networks" className="mt-3 space-y-1.5">
        {instance.schedule_data.map((item) => (
          <PublicationRow
            key={item.id}
            publication={item}
            companyId={post.company?.id ?? null}
            timeZone={timeZone}
          />
        ))}
      </ul>
      {canWrite && (
        <div className="mt-4 flex justify-end gap-2 border-t border-gray-100 pt-3">
          {isMovable(instance, now) && (
            <Button size="sm" variant="secondary" onClick={() => onMoveTo(instance)}>
              {MOVE_TO_LABEL}
            </Button>
          )}
          <Button
            size="sm"
            variant="danger-outline"
            icon={<Trash2 className="size-4" aria-hidden="true" />}
            onClick={() => onDelete(instance.id)}
          >
            Delete Schedule
          </Button>
        </div>
      )}
    </li>
  );
}
