import { ImagePlus, Upload, X } from 'lucide-react';
import type { ChangeEvent } from 'react';
import { useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { LOGO_ACCEPT } from '../utils/logo-file';

const INPUT_ID = 'company-logo';

interface LogoFieldProps {
  /** The current logo URL, '' for none. */
  value: string;
  isUploading: boolean;
  onFileSelected: (file: File) => void;
  onRemove: () => void;
}

/**
 * 'Logo': a preview, an 'Upload Logo' button and 'Remove'. The real file input is visually
 * hidden but labelled 'Logo', so it stays reachable for keyboards, screen readers and tests.
 */
export function LogoField({ value, isUploading, onFileSelected, onRemove }: LogoFieldProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [brokenUrl, setBrokenUrl] = useState<string | null>(null);
  const hasLogo = value !== '';
  const canPreview = hasLogo && value !== brokenUrl;

  function handleFileChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // Cleared, so choosing the same file again (after fixing it, say) fires a change again.
    event.target.value = '';
    if (file !== undefined) onFileSelected(file);
  }

  return (
    <div>
      <label htmlFor={INPUT_ID} className="block text-sm font-medium text-gray-800">
        Logo
      </label>
      <div className="mt-1.5 flex items-center gap-4">
        <div className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl border border-dashed border-gray-300 bg-gray-50">
          {canPreview ? (
            <img
              src={value}
              alt="Logo preview"
              className="size-full bg-white object-contain p-1.5"
              onError={() => setBrokenUrl(value)}
            />
          ) : (
            <ImagePlus className="size-6 text-gray-400" aria-hidden="true" />
          )}
        </div>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <input
              ref={inputRef}
              id={INPUT_ID}
              type="file"
              accept={LOGO_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              disabled={isUploading}
              onChange={handleFileChange}
            />
            <Button
              variant="secondary"
              size="sm"
              icon={<Upload className="size-4" aria-hidden="true" />}
              isLoading={isUploading}
              loadingText="Uploading..."
              onClick={() => inputRef.current?.click()}
            >
              Upload Logo
            </Button>
            {hasLogo && (
              <Button
                variant="ghost"
                size="sm"
                icon={<X className="size-4" aria-hidden="true" />}
                disabled={isUploading}
                onClick={onRemove}
              >
                Remove
              </Button>
            )}
          </div>
          <p className="mt-1.5 text-xs text-gray-500">PNG, JPG or SVG, under 2MB.</p>
        </div>
      </div>
    </div>
  );
}
