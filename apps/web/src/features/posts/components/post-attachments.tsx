import type { Attachment } from '@cadence/shared';
import { POST_MESSAGES } from '@cadence/shared';
import { Film } from 'lucide-react';
import { isVideoAttachment } from '../utils/post-display';

/** Small thumbnails of the post's files, or 'No attachments'. */
export function PostAttachments({ attachments }: { attachments: readonly Attachment[] }) {
  if (attachments.length === 0) {
    return <span className="text-sm text-gray-600">{POST_MESSAGES.noAttachments}</span>;
  }
  return (
    <ul aria-label="Attachments" className="flex flex-wrap gap-1.5">
      {attachments.map((attachment) => (
        <li key={attachment.id}>
          <a
            href={attachment.media_url}
            target="_blank"
            rel="noopener noreferrer"
            title={attachment.name}
            className="block size-12 overflow-hidden rounded-lg bg-gray-100 ring-1 ring-gray-200 hover:ring-brand-400"
          >
            {isVideoAttachment(attachment) ? (
              <span className="grid size-full place-items-center bg-gray-900 text-white">
                <Film className="size-5" aria-hidden="true" />
                <span className="sr-only">Video: {attachment.name}</span>
              </span>
            ) : (
              <img
                src={attachment.media_url}
                alt={attachment.name}
                loading="lazy"
                className="size-full object-cover"
              />
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}
