import {
  BRAND_NAME_MAX,
  BRANDING_MESSAGES,
  contrastRatio,
  DEFAULT_BRAND,
  isAccentReadable,
  LOGO_FILE_TYPES,
  type Branding,
} from '@cadence/shared';
import { ImagePlus, Upload, X } from 'lucide-react';
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { controlClasses } from '../../../components/ui/field';
import { PlanLockedNote } from '../../../components/ui/plan-locked-note';
import { TextField } from '../../../components/ui/text-field';
import { ApiRequestError } from '../../../lib/api-error';
import { useBranding, useSaveBranding, useUploadBrandLogo } from '../api/branding';
import { BrandPreview } from './brand-preview';

const HEX = /^#[0-9a-f]{6}$/i;
const LOGO_ACCEPT = LOGO_FILE_TYPES.flatMap((type) => [
  type.mime,
  ...type.extensions.map((extension) => `.${extension}`),
]).join(',');

/** The shared rule's own words for a colour it refuses; undefined when it is readable. */
export function accentProblem(value: string): string | undefined {
  const colour = value.trim();
  if (!HEX.test(colour)) return BRANDING_MESSAGES.colourFormat;
  if (isAccentReadable(colour)) return undefined;
  return BRANDING_MESSAGES.contrast(contrastRatio(colour, '#ffffff') ?? 1);
}

const messageOf = (error: unknown) =>
  error instanceof ApiRequestError && error.serverMessage !== null
    ? error.serverMessage
    : 'That did not work. Try again.';

/** Settings > Branding: the owner's white label, or what it would be and where to get it. */
export function BrandingPanel() {
  const branding = useBranding();
  if (branding.isPending)
    return (
      <p role="status" className="text-sm text-gray-600">
        Loading the branding…
      </p>
    );
  if (branding.isError)
    return (
      <p role="alert" className="text-sm text-red-700">
        {messageOf(branding.error)}
      </p>
    );
  if (!branding.data.available)
    return (
      <div className="space-y-3 text-sm text-gray-700">
        <p>
          Your own name, logo and accent colour in place of Cadence&apos;s: on your clients&apos;
          review pages, your invitations and mails, and your team&apos;s top bar.
        </p>
        <PlanLockedNote plan="Enterprise" className="text-sm" />
      </div>
    );
  return <BrandingForm saved={branding.data.brand} />;
}

function BrandingForm({ saved }: { saved: Branding['brand'] }) {
  const nameId = useId();
  const colourId = useId();
  const logoId = useId();
  const logoMessageId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(saved?.name ?? '');
  const [logoUrl, setLogoUrl] = useState<string | null>(saved?.logo_url ?? null);
  const [colour, setColour] = useState(saved?.accent_color ?? DEFAULT_BRAND.accent_color);
  const [errors, setErrors] = useState<{ name?: string; colour?: string; logo?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveBranding();
  const upload = useUploadBrandLogo();

  const liveProblem = accentProblem(colour);
  const shownColour = liveProblem === undefined ? colour.trim().toLowerCase() : null;
  const ratio = shownColour === null ? null : contrastRatio(shownColour, '#ffffff');
  const preview = {
    name: name.trim() === '' ? 'Your brand' : name.trim(),
    logo_url: logoUrl,
    accent_color: shownColour ?? saved?.accent_color ?? DEFAULT_BRAND.accent_color,
  };

  const chooseFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file === undefined) return;
    setErrors((current) => ({ ...current, logo: undefined }));
    upload.mutate(file, {
      onSuccess: setLogoUrl,
      onError: (error) => setErrors((current) => ({ ...current, logo: messageOf(error) })),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = {
      name: name.trim() === '' ? 'Brand name is required' : undefined,
      colour: liveProblem,
    };
    setErrors(found);
    if (found.name !== undefined || found.colour !== undefined) return;
    save.mutate(
      { name: name.trim(), logo_url: logoUrl, accent_color: colour.trim() },
      {
        onSuccess: () => toast.success(BRANDING_MESSAGES.saved),
        onError: (error) => {
          // The server's words, at the field they are about.
          const message = messageOf(error);
          const code = error instanceof ApiRequestError ? error.code : null;
          if (code === 'CONTRAST_TOO_LOW' || /^Accent colour/.test(message))
            setErrors({ colour: message });
          else if (/^Brand name/.test(message)) setErrors({ name: message });
          else if (/^Logo/.test(message)) setErrors({ logo: message });
          else setFailure(message);
        },
      },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Branding"
      className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
    >
      <div className="space-y-5">
        <TextField
          id={nameId}
          label="Brand name"
          hint="Shown instead of Cadence to your team and your clients."
          maxLength={BRAND_NAME_MAX}
          required
          value={name}
          error={errors.name}
          onChange={(event) => setName(event.target.value)}
        />

        <div>
          <label htmlFor={logoId} className="block text-sm font-medium text-gray-800">
            Logo
          </label>
          <div className="mt-1.5 flex items-center gap-4">
            <div className="grid size-16 shrink-0 place-items-center overflow-hidden rounded-xl border border-dashed border-gray-300 bg-gray-50">
              {logoUrl !== null ? (
                <img
                  src={logoUrl}
                  alt="Logo preview"
                  className="size-full bg-white object-contain p-1.5"
                />
              ) : (
                <ImagePlus className="size-6 text-gray-400" aria-hidden="true" />
              )}
            </div>
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <input
                  ref={fileRef}
                  id={logoId}
                  type="file"
                  accept={LOGO_ACCEPT}
                  className="sr-only"
                  tabIndex={-1}
                  aria-describedby={logoMessageId}
                  aria-invalid={errors.logo !== undefined || undefined}
                  disabled={upload.isPending}
                  onChange={chooseFile}
                />
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<Upload className="size-4" aria-hidden="true" />}
                  isLoading={upload.isPending}
                  loadingText="Uploading…"
                  onClick={() => fileRef.current?.click()}
                >
                  Upload logo
                </Button>
                {logoUrl !== null && (
                  <Button
                    variant="ghost"
                    size="sm"
                    icon={<X className="size-4" aria-hidden="true" />}
                    disabled={upload.isPending}
                    onClick={() => setLogoUrl(null)}
                  >
                    Remove logo
                  </Button>
                )}
              </div>
              <p
                id={logoMessageId}
                className={
                  errors.logo ? 'mt-1.5 text-xs text-red-600' : 'mt-1.5 text-xs text-gray-600'
                }
              >
                {errors.logo ?? 'PNG, JPG or SVG, under 2MB.'}
              </p>
            </div>
          </div>
        </div>

        <AccentField
          id={colourId}
          value={colour}
          error={errors.colour ?? liveProblem}
          ratio={ratio}
          onChange={(value) => {
            setColour(value);
            setErrors((current) => ({ ...current, colour: undefined }));
          }}
        />

        {failure !== null && (
          <p role="alert" className="text-sm text-red-700">
            {failure}
          </p>
        )}
        <Button type="submit" isLoading={save.isPending} loadingText="Saving…">
          Save branding
        </Button>
      </div>
      <BrandPreview brand={preview} />
    </form>
  );
}

function AccentField({
  id,
  value,
  error,
  ratio,
  onChange,
}: {
  id: string;
  value: string;
  error: string | undefined;
  ratio: number | null;
  onChange: (value: string) => void;
}) {
  const messageId = `${id}-message`;
  const isHex = HEX.test(value.trim());
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-gray-800">
        Accent colour
      </label>
      <div className="mt-1.5 flex items-center gap-2">
        <label className="relative grid size-10 shrink-0 cursor-pointer place-items-center rounded-lg border border-gray-300 shadow-xs focus-within:ring-3 focus-within:ring-brand-500/40">
          <span className="sr-only">Pick the accent colour</span>
          <span
            className="size-7 rounded-md"
            style={{ backgroundColor: isHex ? value.trim() : '#ffffff' }}
            aria-hidden="true"
          />
          <input
            type="color"
            className="absolute inset-0 size-full cursor-pointer opacity-0"
            value={isHex ? value.trim().toLowerCase() : '#000000'}
            onChange={(event) => onChange(event.target.value)}
          />
        </label>
        <input
          id={id}
          value={value}
          spellCheck={false}
          autoComplete="off"
          placeholder="#4f46e5"
          aria-invalid={error !== undefined || undefined}
          aria-describedby={messageId}
          className={controlClasses(error !== undefined, 'h-10 max-w-40 px-3 font-mono')}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <p
        id={messageId}
        className={
          error !== undefined ? 'mt-1.5 text-xs text-red-600' : 'mt-1.5 text-xs text-gray-600'
        }
      >
        {error ??
          `Contrast with white ${ratio === null ? '' : `${ratio.toFixed(2)}:1 `}(at least 4.5:1, so text on it and in it stays readable).`}
      </p>
    </div>
  );
}
