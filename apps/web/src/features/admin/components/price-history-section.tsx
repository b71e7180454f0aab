import { ADMIN_TOASTS } from '@cadence/shared';
import { ArrowDown, ArrowRight, ArrowUp } from 'lucide-react';
import { useState } from 'react';
import { Pagination } from '../../../components/ui/pagination';
import { formatInZone } from '../../../lib/zoned-time';
import { usePriceHistory } from '../api/admin-api';
import { formatDollars } from '../utils/format';
import { useQueryErrorToast } from '../../../components/ui/error-toast';

const PAGE_SIZE = 25;

function Change({
  before,
  after,
  withIndicator,
}: {
  before: number | null;
  after: number | null;
  withIndicator?: boolean;
}) {
  const isUp = before !== null && after !== null && after > before;
  const isDown = before !== null && after !== null && after < before;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      {formatDollars(before)}
      <ArrowRight className="size-3.5 text-gray-500" aria-label="to" />
      {formatDollars(after)}
      {withIndicator && isUp && <ArrowUp className="size-4 text-red-600" aria-label="up" />}
      {withIndicator && isDown && <ArrowDown className="size-4 text-green-600" aria-label="down" />}
    </span>
  );
}

export function PriceHistorySection({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const history = usePriceHistory(page, PAGE_SIZE);
  useQueryErrorToast(history, ADMIN_TOASTS.loadPriceHistoryFailed);
  const totalPages = Math.max(1, Math.ceil((history.data?.total ?? 0) / PAGE_SIZE));
  return (
    <div className="space-y-3">
      <h3 className="text-base font-semibold text-gray-900">Price Change History</h3>
      {history.isError && (
        <p role="alert" className="text-sm text-red-700">
          {ADMIN_TOASTS.loadPriceHistoryFailed}
        </p>
      )}
      <div className="overflow-x-auto rounded-xl border border-gray-200">
        <table className="w-full min-w-[640px] text-left text-sm">
          <thead className="bg-gray-50 text-xs font-semibold text-gray-600 uppercase">
            <tr>
              <th scope="col" className="px-3 py-2">
                Date
              </th>
              <th scope="col" className="px-3 py-2">
                Plan
              </th>
              <th scope="col" className="px-3 py-2">
                Regular Price
              </th>
              <th scope="col" className="px-3 py-2">
                Sale Price
              </th>
              <th scope="col" className="px-3 py-2">
                Changed By
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {history.data?.rows.map((row) => (
              <tr key={row.id}>
                <td className="px-3 py-2 whitespace-nowrap text-gray-700">
                  {formatInZone(row.changed_at, timeZone)}
                </td>
                <td className="px-3 py-2 text-gray-900">{row.plan_name}</td>
                <td className="px-3 py-2 text-gray-800">
                  <Change before={row.old_price} after={row.new_price} withIndicator />
                </td>
                <td className="px-3 py-2 text-gray-800">
                  <Change before={row.old_sale_price} after={row.new_sale_price} />
                </td>
                <td className="px-3 py-2 text-gray-700">{row.changed_by ?? 'N/A'}</td>
              </tr>
            ))}
            {history.data?.rows.length === 0 && (
              <tr>
                <td colSpan={5} className="px-3 py-6 text-left text-gray-600 sm:text-center">
                  No price changes yet
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
          label="Price history pages"
        />
      )}
    </div>
  );
}
