import type { ScheduleData } from '@cadence/shared';
import { NETWORK_NAMES, socialsDialogPath } from '@cadence/shared';
import { Link } from 'react-router';
import { NetworkMark } from '../entities/network-mark';
import { cn } from '../../lib/cn';
import { reconnectBeforeText } from '../../lib/reconnect-before';
import { formatInZone } from '../../lib/zoned-time';
import { PublicationActions } from './publication-actions';
import { PublicationBadge } from './publication-badge';
import { FollowUpStates } from './follow-up-states';

interface PublicationRowProps {
  publication: ScheduleData;
  /** The entity whose Socials dialog the reconnect notice opens; null when it is gone. */
  companyId: string | null;
  timeZone: string;
  /** When this copy goes out, for lists that mix occurrences (the post's own view). */
  scheduledFor?: string;
  className?: string;
}

/**
 * One network's copy of a scheduled post, the same wherever it is shown (a Scheduling card,
 * the post's own view): the account, its status, why it failed, the 'Reconnect before'
 * notice and what can be done about it.
 */
export function PublicationRow({
  publication,
  companyId,
  timeZone,
  scheduledFor,
  className,
}: PublicationRowProps) {
  const reconnectBefore = reconnectBeforeText(publication.reconnect_before, timeZone);
  return (
    <li className={cn('flex min-w-0 flex-wrap items-center gap-2 text-sm', className)}>
      <NetworkMark network={publication.network} size="sm" isDecorative />
      <span className="text-gray-800">
        {publication.social_account.name}
        <span className="sr-only"> ({NETWORK_NAMES[publication.network]})</span>
      </span>
      {scheduledFor !== undefined && (
        <time dateTime={scheduledFor} className="text-xs text-gray-600">
          {formatInZone(scheduledFor, timeZone)}
        </time>
      )}
      <PublicationBadge item={publication} />
      {/* Why it failed, was missed, may be out, or waits for another attempt. */}
      {publication.error !== null && publication.status !== 'published' && (
        <span className="basis-full pl-7 text-xs break-words text-red-600">
          {publication.error}
        </span>
      )}
      {/* The connection's token expires before this goes out: only a reconnect helps, so the
          notice links to the entity's Socials dialog. */}
      {reconnectBefore !== null && (
        <span className="flex basis-full flex-wrap items-center gap-x-2 pl-7 text-xs font-medium text-amber-800">
          {reconnectBefore}
          {companyId !== null && (
            <Link
              to={socialsDialogPath(companyId)}
              className="inline-flex min-h-6 items-center font-semibold text-amber-900 underline underline-offset-2"
            >
              Reconnect
            </Link>
          )}
        </span>
      )}
      {/* Its thread's parts and its first comment, each with its own Retry. */}
      <FollowUpStates publication={publication} />
      {/* A stuck post is never a dead end: retry, settle 'unconfirmed', or send it now. */}
      <PublicationActions
        publication={publication}
        className="flex basis-full flex-wrap gap-2 pl-7"
      />
    </li>
  );
}
