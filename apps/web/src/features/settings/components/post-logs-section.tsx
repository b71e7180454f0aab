import type { SystemLog } from '@cadence/shared';
import { LOG_MESSAGES, NETWORK_IDS, NETWORK_NAMES, ROUTES, type NetworkId } from '@cadence/shared';
import { ExternalLink, RefreshCw, Search } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { totalPagesOf } from '../../../components/ui/page-items';
import { Pagination } from '../../../components/ui/pagination';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { cn } from '../../../lib/cn';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { formatInZone } from '../../../lib/zoned-time';
import { POST_LOGS_PAGE_SIZE, usePostLogs, type PostLogsFilter } from '../api/get-post-logs';
import { LOG_STATUS_CLASSES, LOG_STATUS_LABELS, logPeople, retryLabel } from '../utils/log-status';
import { useQueryErrorToast } from '../../../components/ui/error-toast';

const FILTERS: Array<{ value: PostLogsFilter['status']; label: string }> = [
  { value: '', label: 'All' },
  { value: 'success', label: 'Success' },
  { value: 'error', label: 'Error' },
  { value: 'pending', label: 'Pending' },
];

export function PostLogsSection() {
  const [status, setStatus] = useState<PostLogsFilter['status']>('');
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const logs = usePostLogs({ status, q, page });
  const { timeZone } = useTimeZone();

  useQueryErrorToast(logs, LOG_MESSAGES.failed, { id: 'post-logs-failed' });

  const totalPages = logs.data ? totalPagesOf(logs.data.count, POST_LOGS_PAGE_SIZE) : 1;

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
            aria-hidden="true"
          />
          <input
            type="search"
            aria-label="Search logs"
            placeholder="Search logs..."
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setPage(1);
            }}
            className="block h-10 w-full rounded-lg border border-gray-300 bg-white pr-3 pl-9 text-sm focus:border-brand-500 focus:ring-3 focus:ring-brand-500/20 focus:outline-none"
          />
        </div>
        <div role="group" aria-label="Status" className="flex flex-wrap gap-1">
          {FILTERS.map((filter) => (
            <button
              key={filter.label}
              type="button"
              aria-pressed={status === filter.value}
              onClick={() => {
                setStatus(filter.value);
                setPage(1);
              }}
              className={cn(
                'h-9 rounded-lg px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                status === filter.value
                  ? 'bg-brand-600 text-white'
                  : 'bg-white text-gray-700 ring-1 ring-gray-300 ring-inset hover:bg-gray-50',
              )}
            >
              {filter.label}
            </button>
          ))}
        </div>
        <Button
          variant="ghost"
          size="sm"
          icon={
            <RefreshCw
              className={cn('size-4', logs.isFetching && 'animate-spin')}
              aria-hidden="true"
            />
          }
          onClick={() => void logs.refetch()}
        >
          Refresh
        </Button>
      </div>

      {logs.isPending ? (
        <p className="text-sm text-gray-600">Loading logs...</p>
      ) : logs.isError && !logs.data ? (
        <p role="alert" className="text-sm text-red-700">
          {LOG_MESSAGES.failed}
        </p>
      ) : logs.data.rows.length === 0 ? (
        <p className="text-sm text-gray-600">
          {q !== '' || status !== ''
            ? 'No logs match these filters.'
            : 'No publishing attempts yet.'}
        </p>
      ) : (
        <ul
          aria-label="Post logs"
          className="divide-y divide-gray-200 rounded-xl border border-gray-200"
        >
          {logs.data.rows.map((log) => (
            <LogRow key={log.id} log={log} timeZone={timeZone} />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        totalPages={totalPages}
        hasMore={logs.data?.count_is_exact === false}
        onPageChange={setPage}
        label="Post log pages"
      />
      <p className="text-xs text-gray-500">
        Refreshes every 30 seconds while open. Times in {timeZone}.
      </p>
    </div>
  );
}

const isNetworkId = (value: string): value is NetworkId =>
  (NETWORK_IDS as readonly string[]).includes(value);

const platformName = (platform: string) =>
  isNetworkId(platform) ? NETWORK_NAMES[platform] : platform;

function LogRow({ log, timeZone }: { log: SystemLog; timeZone: string }) {
  const retry = retryLabel(log.retry_count);
  // The post's own editor (`/posts?post=<id>`); the content is there only for the owner's posts.
  const postLink =
    log.post_id && log.post_content !== null
      ? `${ROUTES.posts}?${new URLSearchParams({ post: log.post_id }).toString()}`
      : null;
  return (
    <li
      className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-start sm:gap-4"
      data-testid="post-log"
    >
      <span
        className={cn(
          'inline-flex w-fit shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
          LOG_STATUS_CLASSES[log.status],
        )}
      >
        {LOG_STATUS_LABELS[log.status]}
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="text-gray-900">
          <span className="font-medium">{platformName(log.platform)}</span>{' '}
          <span className="text-gray-700">{log.message}</span>
          {log.error_code && (
            <span className="ml-2 rounded bg-gray-100 px-1.5 py-0.5 font-mono text-xs text-gray-700">
              {log.error_code}
            </span>
          )}
          {retry && <span className="ml-2 text-xs font-medium text-gray-700">({retry})</span>}
        </p>
        <p className="mt-1 text-xs text-gray-600">
          {formatInZone(log.timestamp, timeZone)}
          {' · Scheduled '}
          {log.scheduled_for ? formatInZone(log.scheduled_for, timeZone) : '-'}
          {logPeople(log)}
        </p>
      </div>
      {postLink && (
        <Link
          to={postLink}
          aria-label={`View post: ${log.post_content ?? ''}`}
          className="inline-flex shrink-0 items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          View post
          <ExternalLink className="size-3.5" aria-hidden="true" />
        </Link>
      )}
    </li>
  );
}
