import { ADMIN_TOASTS } from '@cadence/shared';
import { AlertTriangle, RefreshCw, Search } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Pagination } from '../../../components/ui/pagination';
import { cn } from '../../../lib/cn';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { formatInZone } from '../../../lib/zoned-time';
import { useAdminUsers } from '../api/admin-api';
import { UserDetailsDialog } from './user-details-dialog';
import { useQueryErrorToast } from '../../../components/ui/error-toast';

const PAGE_SIZE = 25;

/** 'Platform Users': search by email on the server, paged; a row opens User Details. */
export function UsersSection() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [openUserId, setOpenUserId] = useState<string | null>(null);
  const users = useAdminUsers({ q, page, pageSize: PAGE_SIZE }, true);
  const { timeZone } = useTimeZone();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      setQ(search.trim());
      setPage(1);
    }, 300);
    return () => window.clearTimeout(timer);
  }, [search]);
  useQueryErrorToast(users, ADMIN_TOASTS.loadUsersFailed);

  const totalPages = Math.max(1, Math.ceil((users.data?.total ?? 0) / PAGE_SIZE));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-gray-900">Platform Users</h3>
        <div className="flex w-full min-w-0 flex-wrap items-center justify-end gap-2 sm:w-auto sm:flex-1">
          <label className="relative min-w-0 flex-1 basis-56 sm:max-w-xs">
            <span className="sr-only">Search users by email</span>
            <Search
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
              aria-hidden="true"
            />
            <input
              type="search"
              placeholder="Search by email..."
              value={search}
              onChange={(event) => setSearch(event.target.value)}
              className="h-10 w-full rounded-lg border border-gray-300 pr-3 pl-9 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
            />
          </label>
          <Button
            size="sm"
            variant="secondary"
            icon={
              <RefreshCw
                className={cn('size-4', users.isFetching && 'animate-spin')}
                aria-hidden="true"
              />
            }
            onClick={() => void users.refetch()}
          >
            Refresh
          </Button>
        </div>
      </div>
      {users.isError && (
        <p role="alert" className="text-sm text-red-700">
          {ADMIN_TOASTS.loadUsersFailed}
        </p>
      )}
      <div className="overflow-x-auto rounded-xl border border-gray-200">
        <table className="w-full min-w-[640px] text-left text-sm">
          <thead className="bg-gray-50 text-xs font-semibold text-gray-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Email
              </th>
              <th scope="col" className="px-3 py-2">
                Subscription
              </th>
              <th scope="col" className="px-3 py-2">
                Role
              </th>
              <th scope="col" className="px-3 py-2">
                Joined
              </th>
              <th scope="col" className="px-3 py-2">
                Last Sign In
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {users.data?.rows.map((user) => (
              <tr key={user.id} className="hover:bg-gray-50">
                <td className="px-3 py-2">
                  <button
                    type="button"
                    className="font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600"
                    onClick={() => setOpenUserId(user.id)}
                  >
                    {user.email}
                  </button>
                </td>
                <td className="px-3 py-2 text-gray-800">{user.subscription.name}</td>
                <td className="px-3 py-2">
                  <span
                    className={cn(
                      'rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset',
                      user.is_admin
                        ? 'bg-brand-50 text-brand-800 ring-brand-200'
                        : 'bg-gray-100 text-gray-700 ring-gray-300',
                    )}
                  >
                    {user.is_admin ? 'Admin' : 'User'}
                  </span>
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-gray-700">
                  {formatInZone(user.created_at, timeZone, 'MMM d, yyyy')}
                </td>
                <td className="px-3 py-2 whitespace-nowrap text-gray-700">
                  {user.last_sign_in_at ? (
                    formatInZone(user.last_sign_in_at, timeZone)
                  ) : (
                    <span className="inline-flex items-center gap-1 text-yellow-800">
                      <AlertTriangle className="size-4" aria-hidden="true" /> Never
                    </span>
                  )}
                </td>
              </tr>
            ))}
            {users.data?.rows.length === 0 && (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-left text-gray-600 sm:text-center">
                  No users found
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {totalPages > 1 && (
        <Pagination
          page={page}
          totalPages={totalPages}
          onPageChange={setPage}
          label="Users pages"
        />
      )}
      <UserDetailsDialog
        userId={openUserId}
        onClose={() => setOpenUserId(null)}
        timeZone={timeZone}
      />
    </div>
  );
}
