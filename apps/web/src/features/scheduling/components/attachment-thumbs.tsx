import type { Attachment } from '@cadence/shared';
import { POST_MESSAGES } from '@cadence/shared';
import { FileVideo } from 'lucide-react';

/** Small previews of a post's media, or 'No attachments'. */
export function AttachmentThumbs({ attachments }: { attachments: readonly Attachment[] }) {
  if (attachments.length === 0) {
    return <p className="text-xs text-gray-600">{POST_MESSAGES.noAttachments}</p>;
  }
  return (
    <ul aria-label="Attachments" className="flex flex-wrap gap-2">
      {attachments.map((attachment) => (
        <li key={attachment.id} title={attachment.name}>
          {attachment.mime_type.startsWith('image/') ? (
            <img
              src={attachment.media_url}
              alt={attachment.name}
              loading="lazy"
              className="size-14 rounded-lg bg-gray-100 object-cover ring-1 ring-gray-200"
            />
          ) : (
            <span className="grid size-14 place-items-center rounded-lg bg-gray-100 text-gray-500 ring-1 ring-gray-200">
              <FileVideo className="size-5" aria-hidden="true" />
              <span className="sr-only">{attachment.name}</span>
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
