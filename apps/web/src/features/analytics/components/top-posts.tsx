import type { AnalyticsTopPost } from '@cadence/shared';
import { isHttpUrl, NETWORK_NAMES, NETWORK_TEXT_NAMES, postPagePath } from '@cadence/shared';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { NetworkMark } from '../../../components/entities/network-mark';
import { formatInZone } from '../../../lib/zoned-time';
import { formatCount, formatOptionalCount } from '../utils/analytics-format';
import { CELL, HEADER_CELL, NUMBER_CELL, NUMBER_HEADER_CELL } from './table-classes';

const EXCERPT_LENGTH = 90;

function excerpt(content: string): string {
  const text = content.replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text;
}

interface TopPostsProps {
  posts: AnalyticsTopPost[];
  timeZone: string;
}

/** The period's most engaging publications, each linked to the post here and on its network. */
export function TopPosts({ posts, timeZone }: TopPostsProps) {
  return (
    <section
      aria-labelledby="analytics-top-title"
      className="rounded-2xl border border-gray-200 bg-white p-4 shadow-xs sm:p-5"
    >
      <h2 id="analytics-top-title" className="text-base font-semibold text-gray-900">
        Top posts by engagement
      </h2>
      {posts.length === 0 ? (
        <p className="mt-3 text-sm text-gray-600">
          No published post has been read yet in this period.
        </p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[46rem] text-sm">
            <caption className="sr-only">Top posts by engagement</caption>
            <thead>
              <tr className="border-b border-gray-200">
                <th scope="col" className={HEADER_CELL}>
                  Post
                </th>
                <th scope="col" className={HEADER_CELL}>
                  Network
                </th>
                <th scope="col" className={HEADER_CELL}>
                  Published
                </th>
                <th scope="col" className={NUMBER_HEADER_CELL}>
                  Likes
                </th>
                <th scope="col" className={NUMBER_HEADER_CELL}>
                  Comments
                </th>
                <th scope="col" className={NUMBER_HEADER_CELL}>
                  Shares
                </th>
                <th scope="col" className={NUMBER_HEADER_CELL}>
                  Impressions
                </th>
                <th scope="col" className={NUMBER_HEADER_CELL}>
                  Engagements
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {posts.map((post) => {
                // Only an http(s) address becomes a link: a stored value must never run script.
                const networkUrl = post.url !== null && isHttpUrl(post.url) ? post.url : null;
                return (
                  <tr key={post.publication_id} data-testid="top-post" className="align-top">
                    <th scope="row" className={`${CELL} font-normal`}>
                      <Link
                        to={postPagePath(post.post_id)}
                        className="text-gray-900 underline decoration-gray-300 underline-offset-2 hover:decoration-brand-600"
                      >
                        {excerpt(post.content) || 'Untitled post'}
                      </Link>
                      {networkUrl !== null && (
                        <a
                          href={networkUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="mt-1 flex w-max items-center gap-1 text-xs font-medium text-brand-700 hover:underline"
                        >
                          View on {NETWORK_TEXT_NAMES[post.network]}
                          <ExternalLink className="size-3" aria-hidden="true" />
                          <span className="sr-only">(opens in a new tab)</span>
                        </a>
                      )}
                    </th>
                    <td className={CELL}>
                      <span className="flex items-center gap-2 whitespace-nowrap">
                        <NetworkMark network={post.network} size="sm" isDecorative />
                        {NETWORK_NAMES[post.network]}
                      </span>
                    </td>
                    <td className={`${CELL} whitespace-nowrap`}>
                      {formatInZone(post.published_at, timeZone)}
                    </td>
                    <td className={NUMBER_CELL}>{formatCount(post.likes)}</td>
                    <td className={NUMBER_CELL}>{formatCount(post.comments)}</td>
                    <td className={NUMBER_CELL}>{formatCount(post.shares)}</td>
                    <td className={NUMBER_CELL}>{formatOptionalCount(post.impressions)}</td>
                    <td className={`${NUMBER_CELL} font-semibold`}>
                      {formatCount(post.engagements)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
