import { MEDIA_MIME_TYPES, MEDIA_NOTE } from '@cadence/shared';
import { Film, ImagePlus, X } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useRef } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { StorageMeter, storageProblem } from '../../../components/ui/storage-meter';
import { useStorageUsage } from '../../../lib/queries/storage';
import type { MediaPreview } from '../hooks/use-media-file';
import { checkMediaFile } from '../utils/media-file';

interface MediaFieldProps {
  preview: MediaPreview | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
  /** The file input's id (the post's own media: 'post-media'). */
  inputId?: string;
  label?: string;
  /** Under the buttons: the formats taken. */
  note?: string;
  /** Checks a chosen file further (a network's own rules): the message to show, or null. */
  check?: (file: File) => string | null;
  /** A chosen file is on its way: the buttons wait. */
  isBusy?: boolean;
  /** Whose file it is, in the buttons' names ('Add Media for X') when a form has several. */
  owner?: string;
  /** The types the file picker offers. */
  accept?: readonly string[];
}

/** 'Add Media' / 'Change Media', a preview, 'Remove Media' and the supported formats. */
export function MediaField({
  preview,
  onChoose,
  onRemove,
  inputId = 'post-media',
  label = 'Media',
  note = MEDIA_NOTE,
  check,
  isBusy = false,
  owner,
  accept = MEDIA_MIME_TYPES,
}: MediaFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const INPUT_ID = inputId;
  const named = (text: string) => (owner === undefined ? undefined : `${text} for ${owner}`);
  const chooseText = isBusy ? 'Uploading…' : preview === null ? 'Add Media' : 'Change Media';
  const storage = useStorageUsage();

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    // A file over the plan's storage is refused here, before its upload (the server would).
    const problem =
      checkMediaFile(file) ?? check?.(file) ?? storageProblem(storage.data, file.size);
    if (problem !== null) {
      toast.error(problem);
      return;
    }
    onChoose(file);
  }

  return (
    <div>
      <label htmlFor={INPUT_ID} className="block text-sm font-medium text-gray-800">
        {label}
      </label>
      <div className="mt-1.5 flex items-center gap-4">
        <div className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl border border-dashed border-gray-300 bg-gray-50">
          {preview === null ? (
            <ImagePlus className="size-6 text-gray-400" aria-hidden="true" />
          ) : preview.isVideo ? (
            <Film className="size-6 text-gray-600" aria-label={`Video: ${preview.name}`} />
          ) : (
            <img src={preview.url} alt="Media preview" className="size-full object-cover" />
          )}
        </div>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <input
              ref={inputRef}
              id={INPUT_ID}
              type="file"
              accept={accept.join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-describedby={`${INPUT_ID}-note`}
              onChange={handleChange}
            />
            <Button
              variant="secondary"
              size="sm"
              disabled={isBusy}
              aria-label={named(chooseText)}
              onClick={() => inputRef.current?.click()}
            >
              {chooseText}
            </Button>
            {preview !== null && (
              <Button
                variant="ghost"
                size="sm"
                icon={<X className="size-4" aria-hidden="true" />}
                disabled={isBusy}
                aria-label={named('Remove Media')}
                onClick={onRemove}
              >
                Remove Media
              </Button>
            )}
          </div>
          {preview !== null && (
            <p className="mt-1 truncate text-xs text-gray-600">{preview.name}</p>
          )}
          <p id={`${INPUT_ID}-note`} className="mt-1 text-xs text-gray-500">
            {note}
          </p>
          <StorageMeter className="mt-2" />
        </div>
      </div>
    </div>
  );
}
