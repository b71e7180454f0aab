import type { Company, NetworkId } from '@cadence/shared';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { NETWORK_NAMES, articleHref, measurePostLength } from '@cadence/shared';
import { CalendarClock, ImageIcon, Link2 } from 'lucide-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { cn } from '../../../lib/cn';
import { CompanyAvatar } from '../../../components/entities/company-avatar';
import { NetworkMark } from '../../../components/entities/network-mark';
import type { MediaPreview } from '../hooks/use-media-file';
import type { PostFormValues } from '../utils/post-form-values';
import { fromLocalDateTime } from '../utils/post-form-values';
import { formatPostDate } from '../utils/post-display';

interface PostPreviewProps {
  company: Company | null;
  networks: readonly NetworkId[];
  media: MediaPreview | null;
}

/** What the post will look like, and how much room each connected network leaves. */
export function PostPreview({ company, networks, media }: PostPreviewProps) {
  const { control } = useFormContext<PostFormValues>();
  const [content, url, shortenedUrl, scheduledFor, variants] = useWatch({
    control,
    name: ['content', 'url', 'shortened_url', 'scheduled_for', 'variants'],
  });
  const link = shortenedUrl !== '' ? shortenedUrl : url.trim();
  const { timeZone } = useTimeZone();
  const scheduledIso = fromLocalDateTime(scheduledFor, timeZone);

  return (
    <aside aria-label="Preview" className="min-w-0 space-y-4 lg:sticky lg:top-0 lg:self-start">
      <h3 className="text-sm font-semibold text-gray-900">Preview</h3>
      <div className="rounded-xl border border-gray-200 bg-white p-4 shadow-xs">
        <div className="flex items-center gap-2.5">
          <CompanyAvatar
            name={company?.name ?? '?'}
            logoUrl={company?.logo_url ?? null}
            className="size-8"
          />
          <p className="text-sm font-semibold text-gray-900">
            {company?.name ?? 'Choose an entity'}
          </p>
        </div>
        {link !== '' && (
          <a
            href={articleHref(link)}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-3 flex items-center gap-1 truncate text-xs font-medium text-brand-700 hover:underline"
          >
            <Link2 className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{link}</span>
          </a>
        )}
        <p
          className={cn(
            'mt-3 max-h-64 overflow-y-auto text-sm leading-6 break-words whitespace-pre-wrap',
            content.trim() === '' ? 'text-gray-600' : 'text-gray-800',
          )}
        >
          {content.trim() === '' ? 'Your post content appears here.' : content}
        </p>
        <div className="mt-3 overflow-hidden rounded-lg bg-gray-100">
          {media === null ? (
            <div className="flex h-28 flex-col items-center justify-center gap-1 text-xs text-gray-600">
              <ImageIcon className="size-6" aria-hidden="true" />
              No media
            </div>
          ) : media.isVideo ? (
            <video
              src={media.url}
              controls
              muted
              className="max-h-56 w-full bg-black"
              aria-label={media.name}
            />
          ) : (
            <img src={media.url} alt={media.name} className="max-h-56 w-full object-cover" />
          )}
        </div>
        {scheduledIso !== null && (
          <p className="mt-3 flex items-center gap-1.5 text-xs text-gray-600">
            <CalendarClock className="size-3.5" aria-hidden="true" />
            Scheduled for {formatPostDate(scheduledIso, timeZone)}
          </p>
        )}
      </div>
      <NetworkRoom
        content={content}
        variants={variants}
        networks={networks}
        hasCompany={company !== null}
        link={link}
        hasMedia={media !== null}
      />
    </aside>
  );
}

function NetworkRoom({
  content,
  variants,
  networks,
  hasCompany,
  link,
  hasMedia,
}: {
  content: string;
  variants: PostFormValues['variants'];
  networks: readonly NetworkId[];
  hasCompany: boolean;
  link: string;
  hasMedia: boolean;
}) {
  if (!hasCompany) return null;
  if (networks.length === 0) {
    return <p className="text-xs text-gray-500">This entity has no connected networks yet.</p>;
  }
  return (
    <ul aria-label="Characters left per network" className="space-y-1.5">
      {networks.map((network) => {
        // Each network is counted on the text it will be sent: its own, else the shared one.
        const own = variants[network];
        const measured = measurePostLength(network, own ?? content, { link, hasMedia });
        return (
          <li key={network} className="flex flex-wrap items-center gap-2 text-xs">
            <NetworkMark network={network} size="sm" isDecorative />
            <span className="flex-1 text-gray-700">
              {NETWORK_NAMES[network]}
              {own !== undefined && <span className="text-gray-600"> (own text)</span>}
            </span>
            <span
              className={cn(
                'font-medium tabular-nums',
                measured.isOver
                  ? 'text-red-600'
                  : measured.remaining < 20
                    ? 'text-amber-600'
                    : 'text-gray-500',
              )}
            >
              {measured.isOver
                ? `${Math.max(0, -measured.remaining)} over`
                : `${measured.remaining} left`}
            </span>
            {own !== undefined && (
              <p className="w-full rounded-md bg-gray-50 px-2 py-1.5 text-xs leading-5 break-words whitespace-pre-wrap text-gray-800">
                {own.trim() === '' ? 'Empty: write it, or use the shared text.' : own}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
