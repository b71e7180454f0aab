import type { PublicationMetrics } from '@cadence/shared';
import { ANALYTICS_MESSAGES, NETWORK_NAMES, rawNumbersOf } from '@cadence/shared';
import { NetworkMark } from '../../../components/entities/network-mark';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { formatInZone } from '../../../lib/zoned-time';
import { usePostMetrics } from '../api/get-post-metrics';

const HEADER = 'px-2 py-1.5 text-xs font-semibold whitespace-nowrap text-gray-600';
const NUMBER = 'px-2 py-1.5 text-right tabular-nums text-gray-900';
const count = new Intl.NumberFormat('en-US');

/** '—' where the network gives no such number (impressions on LinkedIn, Bluesky). */
const shown = (value: number | null) => (value === null ? '—' : count.format(value));

function readAt(publication: PublicationMetrics, timeZone: string) {
  return publication.read_at === null
    ? 'Not read yet'
    : formatInZone(publication.read_at, timeZone);
}

/**
 * The post's view: each publication's latest numbers (likes, comments, shares, impressions,
 * link clicks) and when they were read from its network. Nothing before anything went out.
 */
export function PostMetrics({ postId }: { postId: string }) {
  const { timeZone } = useTimeZone();
  const metrics = usePostMetrics(postId);
  if (metrics.isError && metrics.data === undefined) {
    return (
      <p role="alert" className="mt-6 border-t border-gray-100 pt-5 text-sm text-red-700">
        {ANALYTICS_MESSAGES.metricsFailed}
      </p>
    );
  }
  const publications = metrics.data ?? [];
  if (publications.length === 0) return null;
  return (
    <section aria-labelledby="post-metrics-title" className="mt-6 border-t border-gray-100 pt-5">
      <h3 id="post-metrics-title" className="text-sm font-semibold text-gray-900">
        Numbers
      </h3>
      {/* Focusable: on a phone the table scrolls sideways, and holds nothing else to focus. */}
      <div
        className="mt-3 overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        tabIndex={0}
        role="region"
        aria-label="Each network’s latest numbers"
      >
        <table className="w-full text-sm">
          <caption className="sr-only">Each network’s latest numbers for this post</caption>
          <thead>
            <tr className="border-b border-gray-200">
              <th scope="col" className={`${HEADER} text-left`}>
                Network
              </th>
              <th scope="col" className={`${HEADER} text-right`}>
                Likes
              </th>
              <th scope="col" className={`${HEADER} text-right`}>
                Comments
              </th>
              <th scope="col" className={`${HEADER} text-right`}>
                Shares
              </th>
              <th scope="col" className={`${HEADER} text-right`}>
                Impressions
              </th>
              <th scope="col" className={`${HEADER} text-right`}>
                Link clicks
              </th>
              <th scope="col" className={`${HEADER} text-left`}>
                Read
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {publications.map((publication) => (
              <tr key={publication.id} data-testid="publication-metrics">
                <th scope="row" className="px-2 py-1.5 text-left font-medium text-gray-900">
                  <span className="flex items-center gap-2 whitespace-nowrap">
                    <NetworkMark network={publication.network} size="sm" isDecorative />
                    {NETWORK_NAMES[publication.network]}
                  </span>
                </th>
                <td className={NUMBER}>{shown(publication.likes)}</td>
                <td className={NUMBER}>{shown(publication.comments)}</td>
                <td className={NUMBER}>{shown(publication.shares)}</td>
                <td className={NUMBER}>{shown(publication.impressions)}</td>
                <td className={NUMBER}>{shown(publication.clicks)}</td>
                <td className="px-2 py-1.5 whitespace-nowrap text-gray-600">
                  {readAt(publication, timeZone)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <RawNumbers publications={publications} />
    </section>
  );
}

/** The same reads as each network names its numbers (retweet_count, quote_count…). */
function RawNumbers({ publications }: { publications: PublicationMetrics[] }) {
  const withRaw = publications
    .map((publication) => ({ publication, raw: rawNumbersOf(publication.raw) }))
    .filter(({ raw }) => raw.length > 0);
  if (withRaw.length === 0) return null;
  return (
    <details className="mt-3 text-sm">
      <summary className="w-max cursor-pointer rounded text-xs font-medium text-brand-700">
        As each network counts them
      </summary>
      <dl className="mt-2 space-y-1.5 text-xs text-gray-700">
        {withRaw.map(({ publication, raw }) => (
          <div key={publication.id} className="flex flex-wrap gap-x-3">
            <dt className="font-medium text-gray-900">{NETWORK_NAMES[publication.network]}</dt>
            <dd>{raw.map(([name, value]) => `${name} ${count.format(value)}`).join(', ')}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
