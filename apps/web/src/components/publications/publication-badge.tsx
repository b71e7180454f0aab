import type { ScheduleData } from '@cadence/shared';
import { ExternalLink } from 'lucide-react';
import { cn } from '../../lib/cn';
import { safeHttpUrl } from '../../lib/safe-link';
import type { StatusTone } from './publication-status';
import { describeStatus } from './publication-status';

const TONES: Record<StatusTone, string> = {
  neutral: 'bg-gray-100 text-gray-700 ring-gray-200',
  info: 'bg-sky-50 text-sky-700 ring-sky-200',
  success: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  danger: 'bg-red-50 text-red-700 ring-red-200',
  warning: 'bg-amber-50 text-amber-800 ring-amber-200',
};

/** One network's publication status; a published post links to the live post. */
export function PublicationBadge({ item }: { item: ScheduleData }) {
  const { label, tone, hint } = describeStatus(item.status, item.error);
  const classes = cn(
    'inline-flex max-w-full items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1',
    TONES[tone],
  );
  const href = item.status === 'published' ? safeHttpUrl(item.external_url) : null;
  if (href !== null) {
    return (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className={cn(classes, 'hover:underline')}
        aria-label={`${label} on ${item.social_account.name} (opens the live post)`}
      >
        {label}
        <ExternalLink className="size-3" aria-hidden="true" />
      </a>
    );
  }
  return (
    <span className={classes} title={hint ?? undefined}>
      {item.status === 'publishing' && (
        <span className="size-1.5 animate-pulse rounded-full bg-sky-500" aria-hidden="true" />
      )}
      <span className="truncate">{label}</span>
    </span>
  );
}
