import type { Company } from '@cadence/shared';
import {
  COUNT_MAX,
  COUNT_MIN,
  DEFAULT_EMOJI_COUNT,
  DEFAULT_HASHTAG_COUNT,
  DEFAULT_LENGTH_HINT,
  SIZE_FORMATS,
  clampCount,
} from '@cadence/shared';
import { ChevronDown, Sparkles } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useMediaQuery } from '../../../hooks/use-media-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { controlClasses } from '../../../components/ui/field';
import { HelpTip } from '../../../components/ui/help-tip';
import { TextField } from '../../../components/ui/text-field';
import type { PostFormValues } from '../utils/post-form-values';
import { EntitySelect, SizeFormatSelect, ToneSelect } from './post-selects';

interface CheckboxRowProps {
  id: string;
  label: string;
  tip?: ReactNode;
  children?: ReactNode;
  input: React.ComponentProps<'input'>;
}

function CheckboxRow({ id, label, tip, children, input }: CheckboxRowProps) {
  return (
    <div className="flex min-h-10 flex-wrap items-center gap-x-3 gap-y-2">
      <span className="flex items-center gap-2">
        <input
          id={id}
          type="checkbox"
          className="size-4 rounded border-gray-300 accent-brand-600"
          {...input}
        />
        <label htmlFor={id} className="text-sm font-medium text-gray-800">
          {label}
        </label>
        {tip}
      </span>
      {children !== undefined && <span className="w-20">{children}</span>}
    </div>
  );
}

/** Tone, size, reference entity, emojis, hashtags, keywords and shortening, in a disclosure. */
export function PostAiOptions({ companies }: { companies: readonly Company[] }) {
  const isWide = useMediaQuery('(min-width: 640px)');
  // Open on wide screens, closed on phones, until the person opens or closes it.
  const [isOpenByHand, setIsOpenByHand] = useState<boolean | null>(null);
  const isOpen = isOpenByHand ?? isWide;
  const {
    register,
    setValue,
    control,
    formState: { errors },
  } = useFormContext<PostFormValues>();
  const [sizeFormat, includeEmojis, includeHashtags, enableKeywords] = useWatch({
    control,
    name: ['size_format', 'include_emojis', 'include_hashtags', 'enable_keywords'],
  });
  const countInput = (name: 'emoji_count' | 'hashtag_count', fallback: number, label: string) => (
    <input
      type="number"
      aria-label={label}
      min={COUNT_MIN}
      max={COUNT_MAX}
      className={controlClasses(false, 'h-8 px-2')}
      {...register(name, {
        setValueAs: (value: unknown) => clampCount(value, fallback),
        // Shows the clamped number once the person leaves the box.
        onBlur: (event: { target: { value: string } }) =>
          setValue(name, clampCount(event.target.value, fallback)),
      })}
    />
  );

  return (
    // Collapsible, and closed at first on a phone: the preview and the form's buttons come
    // next, and a newcomer should not scroll past every AI option to reach them.
    <details
      open={isOpen}
      onToggle={(event) => setIsOpenByHand(event.currentTarget.open)}
      className="group rounded-xl border border-gray-200"
    >
      <summary className="flex min-h-11 cursor-pointer list-none items-center gap-2 rounded-xl px-4 py-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 [&::-webkit-details-marker]:hidden">
        <Sparkles className="size-4 shrink-0 text-brand-600" aria-hidden="true" />
        <span className="text-sm font-semibold text-gray-900">Writing options</span>
        <span className="min-w-0 flex-1 truncate text-xs text-gray-600">
          How the AI writes: tone, length, emojis, hashtags, keywords
        </span>
        <ChevronDown
          className="size-4 shrink-0 text-gray-500 transition-transform group-open:rotate-180"
          aria-hidden="true"
        />
      </summary>
      <fieldset className="space-y-4 border-t border-gray-200 p-4">
        <legend className="sr-only">Writing options</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <ToneSelect id="post-tone" {...register('tone')} />
          <SizeFormatSelect
            id="post-size-format"
            hint={
              sizeFormat === ''
                ? DEFAULT_LENGTH_HINT
                : `Up to ${SIZE_FORMATS[sizeFormat].max} characters`
            }
            labelAction={
              <HelpTip label="About size format" align="end">
                How long the AI writes: from a bite (150 characters) to an epic (3000).
              </HelpTip>
            }
            {...register('size_format')}
          />
        </div>
        <EntitySelect
          id="post-reference-entity"
          label="Write in the voice of"
          placeholder="None"
          companies={companies}
          labelAction={
            <HelpTip label="About writing in the voice of another entity" align="end">
              Another entity whose voice and details the AI may borrow when it writes from a URL.
            </HelpTip>
          }
          {...register('reference_company_id')}
        />

        <CheckboxRow
          id="post-include-emojis"
          label="Include emojis"
          input={register('include_emojis', {
            onChange: () => setValue('emoji_count', DEFAULT_EMOJI_COUNT),
          })}
        >
          {includeEmojis && countInput('emoji_count', DEFAULT_EMOJI_COUNT, 'Emoji count')}
        </CheckboxRow>
        <CheckboxRow
          id="post-include-hashtags"
          label="Include hashtags"
          input={register('include_hashtags', {
            onChange: () => setValue('hashtag_count', DEFAULT_HASHTAG_COUNT),
          })}
        >
          {includeHashtags && countInput('hashtag_count', DEFAULT_HASHTAG_COUNT, 'Hashtag count')}
        </CheckboxRow>
        <CheckboxRow
          id="post-shorten-url"
          label="Shorten URL"
          tip={
            <HelpTip label="About shorten URL">
              The link is shortened when you save. If that fails, the original URL is kept.
            </HelpTip>
          }
          input={register('shorten_url', {
            onChange: (event: { target: { checked: boolean } }) => {
              if (!event.target.checked) {
                setValue('shortened_url', '');
                setValue('url_shortened', false);
              }
            },
          })}
        />
        <CheckboxRow
          id="post-enable-keywords"
          label="Work in keywords"
          tip={
            <HelpTip label="About keywords">
              Comma-separated words the AI should work into the post, e.g. forecasting, retail.
            </HelpTip>
          }
          input={register('enable_keywords', {
            onChange: (event: { target: { checked: boolean } }) => {
              if (!event.target.checked) setValue('keywords', '');
            },
          })}
        />
        {enableKeywords && (
          <TextField
            id="post-keywords"
            label="Keywords"
            placeholder="forecasting, retail, AI"
            error={errors.keywords?.message}
            {...register('keywords')}
          />
        )}
      </fieldset>
    </details>
  );
}
