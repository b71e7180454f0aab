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

const INPUT_ID = 'post-media';

interface MediaFieldProps {
  preview: MediaPreview | null;
  onChoose: (file: File) => void;
  onRemove: () => void;
}

/** 'Add Media' / 'Change Media', a preview, 'Remove Media' and the supported formats. */
export function MediaField({ preview, onChoose, onRemove }: MediaFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const storage = useStorageUsage();

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    // A file over the plan's storage is refused here, before its upload (the server would).
    const problem = checkMediaFile(file) ?? storageProblem(storage.data, file.size);
    if (problem !== null) {
      toast.error(problem);
      return;
    }
    onChoose(file);
  }

  return (
    <div>
      <label htmlFor={INPUT_ID} className="block text-sm font-medium text-gray-800">
        Media
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
              accept={MEDIA_MIME_TYPES.join(',')}
              className="sr-only"
              tabIndex={-1}
              aria-describedby={`${INPUT_ID}-note`}
              onChange={handleChange}
            />
            <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()}>
              {preview === null ? 'Add Media' : 'Change Media'}
            </Button>
            {preview !== null && (
              <Button
                variant="ghost"
                size="sm"
                icon={<X className="size-4" aria-hidden="true" />}
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
            {MEDIA_NOTE}
          </p>
          <StorageMeter className="mt-2" />
        </div>
      </div>
    </div>
  );
}
