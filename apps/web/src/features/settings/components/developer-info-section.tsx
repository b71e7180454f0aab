import type { ApiLog, ApiLogList } from '@cadence/shared';
import { DEVELOPER_MESSAGES } from '@cadence/shared';
import { Copy } from 'lucide-react';
import { Suspense, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { totalPagesOf } from '../../../components/ui/page-items';
import { Pagination } from '../../../components/ui/pagination';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { formatInZone } from '../../../lib/zoned-time';
import { lazyComponent } from '../../../lib/lazy-component';
import { API_LOGS_PAGE_SIZE, useApiLogs } from '../api/get-api-logs';

const numbers = new Intl.NumberFormat('en-US');

// Its own chunk, loaded when Developer Info opens: the keys' form, list and dialogs are not
// part of the JavaScript /settings loads first.
const ApiKeysPanel = lazyComponent(() => import('./api-keys-panel').then((m) => m.ApiKeysPanel));
const ApiCallsLog = lazyComponent(() => import('./api-calls-log').then((m) => m.ApiCallsLog));
const WebhooksPanel = lazyComponent(() => import('./webhooks-panel').then((m) => m.WebhooksPanel));

async function copyEntry(entry: ApiLog) {
  try {
    await navigator.clipboard.writeText(JSON.stringify(entry, null, 2));
    toast.success(DEVELOPER_MESSAGES.copied);
  } catch {
    toast.error(DEVELOPER_MESSAGES.copyFailed);
  }
}

/**
 * Settings > Developer Info: the API keys, the calls made with them, the webhooks, then the AI
 * calls made for the account.
 */
export function DeveloperInfoSection() {
  return (
    <div className="space-y-8">
      <Suspense fallback={<p className="text-sm text-gray-600">Loading API keys...</p>}>
        <ApiKeysPanel />
        <ApiCallsLog />
      </Suspense>
      <Suspense fallback={<p className="text-sm text-gray-600">Loading webhooks...</p>}>
        <WebhooksPanel />
      </Suspense>
      <AiCallLog />
    </div>
  );
}

function AiCallLog() {
  const [page, setPage] = useState(1);
  const logs = useApiLogs(page);
  const { timeZone } = useTimeZone();
  if (logs.isPending) return <p className="text-sm text-gray-600">Loading API log...</p>;
  if (logs.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {DEVELOPER_MESSAGES.failed}
      </p>
    );
  const { data } = logs;
  return (
    <div className="space-y-4">
      <MonthSummary month={data.month} />
      {data.rows.length === 0 ? (
        <p className="text-sm text-gray-600">
          No AI calls yet. AI Assist and post writing help are logged here.
        </p>
      ) : (
        <ul aria-label="API interaction log" className="space-y-3">
          {data.rows.map((entry) => (
            <ApiLogEntry key={entry.id} entry={entry} timeZone={timeZone} />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        totalPages={totalPagesOf(data.count, API_LOGS_PAGE_SIZE)}
        hasMore={data.count_is_exact === false}
        onPageChange={setPage}
        label="API log pages"
      />
    </div>
  );
}

function MonthSummary({ month }: { month: ApiLogList['month'] }) {
  const items = [
    ['Calls this month', month.calls],
    ['Failed calls', month.errors],
    ['Input tokens', month.input_tokens],
    ['Output tokens', month.output_tokens],
  ] as const;
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map(([label, value]) => (
        <div key={label} className="rounded-xl border border-gray-200 bg-gray-50 px-4 py-3">
          <dt className="text-xs font-medium text-gray-600">{label}</dt>
          <dd className="mt-1 text-lg font-semibold text-gray-900">{numbers.format(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

function ApiLogEntry({ entry, timeZone }: { entry: ApiLog; timeZone: string }) {
  return (
    <li className="rounded-xl border border-gray-200 p-4" data-testid="api-log">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 text-sm">
          <p className="font-medium text-gray-900">
            {entry.platform} · {entry.model}{' '}
            <span className="font-normal text-gray-600">({entry.purpose})</span>
          </p>
          <p className="mt-0.5 text-xs text-gray-600">
            {formatInZone(entry.timestamp, timeZone)} · {numbers.format(entry.responseTime)} ms ·
            tokens in {entry.inputTokens ?? '-'} / out {entry.outputTokens ?? '-'}
          </p>
        </div>
        <Button
          variant="secondary"
          size="sm"
          icon={<Copy className="size-4" aria-hidden="true" />}
          onClick={() => void copyEntry(entry)}
          aria-label={`Copy the ${entry.purpose} call of ${formatInZone(entry.timestamp, timeZone)}`}
        >
          Copy
        </Button>
      </div>
      {entry.error && <p className="mt-2 text-sm text-red-700">Error: {entry.error}</p>}
      {entry.warning && <p className="mt-2 text-sm text-yellow-800">Warning: {entry.warning}</p>}
      <details className="mt-2 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Prompt</summary>
        <pre className="mt-1 max-h-64 overflow-auto rounded-lg bg-gray-50 p-3 text-xs whitespace-pre-wrap text-gray-800">
          {entry.prompt}
        </pre>
      </details>
      <details className="mt-1 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">Response</summary>
        <pre className="mt-1 max-h-64 overflow-auto rounded-lg bg-gray-50 p-3 text-xs whitespace-pre-wrap text-gray-800">
          {entry.response ?? 'No response'}
        </pre>
      </details>
    </li>
  );
}
