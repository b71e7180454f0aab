import { ADMIN_TOASTS, NETWORK_NAMES, type NetworkId } from '@cadence/shared';
import { RefreshCw, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { formatInZone } from '../../../lib/zoned-time';
import { useAdminLogs, type LogFilters } from '../api/admin-api';
import { StatusBadge } from './status-badge';
import { actedByLabel } from '../utils/format';
import { useQueryErrorToast } from '../../../components/ui/error-toast';

const STATUS_FILTERS = [
  { value: undefined, label: 'All' },
  { value: 'success', label: 'Success' },
  { value: 'error', label: 'Error' },
  { value: 'pending', label: 'Pending' },
] as const;
const PAGE_SIZE = 25;

const platformName = (platform: string) =>
  platform === 'admin' ? 'Admin' : (NETWORK_NAMES[platform as NetworkId] ?? platform);

/** Every customer's publishing log and the admin audit, paged on the server; times in `timeZone`. */
export function LogsSection({ timeZone }: { timeZone: string }) {
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<LogFilters>({
    status: undefined,
    q: '',
    page: 1,
    pageSize: PAGE_SIZE,
  });
  const logs = useAdminLogs(filters, true);

  useEffect(() => {
    const timer = window.setTimeout(
      () => setFilters((f) => (f.q === search.trim() ? f : { ...f, q: search.trim(), page: 1 })),
      300,
    );
    return () => window.clearTimeout(timer);
  }, [search]);
  useQueryErrorToast(logs, ADMIN_TOASTS.loadLogsFailed);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <label className="relative min-w-0 flex-1 basis-56">
          <span className="sr-only">Search logs</span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
            aria-hidden="true"
          />
          <input
            type="search"
            placeholder="Search logs..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            className="h-10 w-full rounded-lg border border-gray-300 pr-3 pl-9 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
          />
        </label>
        <div className="flex flex-wrap gap-1" role="group" aria-label="Status">
          {STATUS_FILTERS.map((option) => (
            <Button
              key={option.label}
              size="sm"
              variant={filters.status === option.value ? 'primary' : 'secondary'}
              aria-pressed={filters.status === option.value}
              onClick={() => setFilters((f) => ({ ...f, status: option.value, page: 1 }))}
            >
              {option.label}
            </Button>
          ))}
        </div>
        <Button
          size="sm"
          variant="secondary"
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
      {logs.isError && (
        <p role="alert" className="text-sm text-red-700">
          {ADMIN_TOASTS.loadLogsFailed}
        </p>
      )}
      <div className="overflow-x-auto rounded-xl border border-gray-200">
        <table className="w-full min-w-[880px] text-left text-sm">
          <thead className="bg-gray-50 text-xs font-semibold text-gray-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              <th scope="col" className="px-3 py-2">
                Platform
              </th>
              <th scope="col" className="px-3 py-2">
                Message
              </th>
              <th scope="col" className="px-3 py-2">
                Customer
              </th>
              <th scope="col" className="px-3 py-2">
                Creation Time
              </th>
              <th scope="col" className="px-3 py-2">
                Scheduled Time
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {logs.data?.rows.map((row) => (
              <tr key={`${row.kind}-${row.id}`} className="align-top">
                <td className="px-3 py-2">
                  <StatusBadge status={row.status} />
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-gray-800">
                  {platformName(row.platform)}
                </td>
                <td className="min-w-64 px-3 py-2 text-gray-800">
                  {row.error_code && (
                    <span className="mr-1.5 inline-block rounded bg-red-50 px-1.5 py-0.5 font-mono text-xs text-red-800 ring-1 ring-red-200">
                      {row.error_code}
                    </span>
                  )}
                  {row.message}
                  {row.retry_count > 0 && (
                    <span className="ml-1 text-xs text-gray-600">(Retry {row.retry_count})</span>
                  )}
                </td>
                <td className="px-3 py-2 text-gray-700">
                  {row.customer_email ?? '-'}
                  {actedByLabel(row.acted_by, row.customer_email) && (
                    <span className="block text-xs text-gray-600">
                      {actedByLabel(row.acted_by, row.customer_email)}
                    </span>
                  )}
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-gray-700">
                  {formatInZone(row.timestamp, timeZone)}
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-gray-700">
                  {row.scheduled_for ? formatInZone(row.scheduled_for, timeZone) : '-'}
                </td>
              </tr>
            ))}
            {logs.data?.rows.length === 0 && (
              <tr>
                <td colSpan={6} className="px-3 py-6 text-left text-gray-600 sm:text-center">
                  No logs found
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <div className="flex items-center justify-end gap-2 text-sm">
        <span className="text-gray-600">Page {filters.page}</span>
        <Button
          size="sm"
          variant="secondary"
          disabled={filters.page <= 1}
          onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}
        >
          Previous
        </Button>
        <Button
          size="sm"
          variant="secondary"
          disabled={!logs.data?.hasMore}
          onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}
        >
          Next
        </Button>
      </div>
    </div>
  );
}
