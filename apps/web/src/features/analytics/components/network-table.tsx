import type { AnalyticsNetworkRow } from '@cadence/shared';
import { NETWORK_NAMES } from '@cadence/shared';
import { NetworkMark } from '../../../components/entities/network-mark';
import { formatCount, formatOptionalCount } from '../utils/analytics-format';
import { SCROLL_BOX, CELL, HEADER_CELL, NUMBER_CELL, NUMBER_HEADER_CELL } from './table-classes';

/** One row per network that published in the period. */
export function NetworkTable({ rows }: { rows: AnalyticsNetworkRow[] }) {
  return (
    <section
      aria-labelledby="analytics-networks-title"
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-xs sm:p-5"
    >
      <h2 id="analytics-networks-title" className="text-base font-semibold text-gray-900">
        By network
      </h2>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">No network published a post in this period.</p>
      ) : (
        <div
          className={`mt-3 ${SCROLL_BOX}`}
          tabIndex={0}
          role="region"
          aria-label="Numbers per network"
        >
          <table className="w-full text-sm">
            <caption className="sr-only">Numbers per network</caption>
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className={HEADER_CELL}>
                  Network
                </th>
                <th scope="col" className={NUMBER_HEADER_CELL}>
                  Posts published
                </th>
                <th scope="col" className={NUMBER_HEADER_CELL}>
                  Impressions
                </th>
                <th scope="col" className={NUMBER_HEADER_CELL}>
                  Engagements
                </th>
                <th scope="col" className={NUMBER_HEADER_CELL}>
                  Link clicks
                </th>
                <th scope="col" className={NUMBER_HEADER_CELL}>
                  Followers
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {rows.map((row) => (
                <tr key={row.network}>
                  <th scope="row" className={`${CELL} font-medium`}>
                    <span className="flex items-center gap-2 whitespace-nowrap">
                      <NetworkMark network={row.network} size="sm" isDecorative />
                      {NETWORK_NAMES[row.network]}
                    </span>
                  </th>
                  <td className={NUMBER_CELL}>{formatCount(row.posts_published)}</td>
                  <td className={NUMBER_CELL}>{formatCount(row.impressions)}</td>
                  <td className={`${NUMBER_CELL} font-semibold`}>{formatCount(row.engagements)}</td>
                  <td className={NUMBER_CELL}>{formatCount(row.clicks)}</td>
                  {/* The latest follower count; never read yet: '—'. */}
                  <td className={NUMBER_CELL}>{formatOptionalCount(row.followers)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
