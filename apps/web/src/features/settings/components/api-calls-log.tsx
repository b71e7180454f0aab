import { DEVELOPER_MESSAGES, maskedApiKey, type ApiCall } from '@cadence/shared';
import { Copy } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { totalPagesOf } from '../../../components/ui/page-items';
import { Pagination } from '../../../components/ui/pagination';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { formatInZone } from '../../../lib/zoned-time';
import { API_CALLS_PAGE_SIZE, useApiCalls } from '../api/get-api-calls';

async function copyCall(call: ApiCall) {
  try {
    await navigator.clipboard.writeText(JSON.stringify(call, null, 2));
    toast.success(DEVELOPER_MESSAGES.copied);
  } catch {
    toast.error(DEVELOPER_MESSAGES.copyFailed);
  }
}

const statusClasses = (status: number) =>
  status >= 500
    ? 'bg-red-100 text-red-800'
    : status >= 400
      ? 'bg-yellow-100 text-yellow-900'
      : 'bg-green-100 text-green-800';

/** Settings > Developer Info: the calls made to /api/v1 with the account's keys. */
export function ApiCallsLog() {
  const [page, setPage] = useState(1);
  const calls = useApiCalls(page);
  const { timeZone } = useTimeZone();
  return (
    <section aria-labelledby="api-calls-title" className="space-y-3">
      <h3 id="api-calls-title" className="text-base font-semibold">
        API calls
      </h3>
      {calls.isPending ? (
        <p className="text-sm text-gray-600">Loading API calls...</p>
      ) : calls.isError ? (
        <p role="alert" className="text-sm text-red-700">
          Failed to load API calls
        </p>
      ) : calls.data.rows.length === 0 ? (
        <p className="text-sm text-gray-600">
          No API calls yet. Calls made with your API keys are listed here for 30 days.
        </p>
      ) : (
        <>
          <ul aria-label="API calls" className="divide-y divide-gray-200 rounded-xl border">
            {calls.data.rows.map((call) => (
              <li
                key={call.id}
                data-testid="api-call"
                className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm"
              >
                <div className="min-w-0">
                  <p className="font-mono text-gray-900">
                    <span
                      className={`mr-2 rounded px-1.5 py-0.5 text-xs font-semibold ${statusClasses(call.status)}`}
                    >
                      {call.status}
                    </span>
                    {call.method} {call.route}
                  </p>
                  <p className="mt-0.5 text-xs text-gray-600">
                    {formatInZone(call.created_at, timeZone)} · {call.duration_ms} ms · key{' '}
                    {call.key_name} ({maskedApiKey(call.key_prefix)})
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<Copy className="size-4" aria-hidden="true" />}
                  onClick={() => void copyCall(call)}
                  aria-label={`Copy the call ${call.method} ${call.route} of ${formatInZone(call.created_at, timeZone)}`}
                >
                  Copy
                </Button>
              </li>
            ))}
          </ul>
          <Pagination
            page={page}
            totalPages={totalPagesOf(calls.data.count, API_CALLS_PAGE_SIZE)}
            hasMore={calls.data.count_is_exact === false}
            onPageChange={setPage}
            label="API call pages"
          />
        </>
      )}
    </section>
  );
}
