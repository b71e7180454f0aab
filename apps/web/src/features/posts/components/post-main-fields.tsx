import type { Company } from '@cadence/shared';
import { Hash, Link2, Newspaper, Sparkles, Wand2 } from 'lucide-react';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { PlanLockedNote } from '../../../components/ui/plan-locked-note';
import { useFeatures } from '../../../hooks/use-features';
import { TextField } from '../../../components/ui/text-field';
import { TextareaField } from '../../../components/ui/textarea-field';
import { UndoRewrite } from '../../../components/ui/undo-rewrite';
import type { usePostAiActions } from '../hooks/use-post-ai-actions';
import type { PostFormValues } from '../utils/post-form-values';
import { ArticleFinderDialog, type ArticleSource } from './article-finder-dialog';
import { EntitySelect } from './post-selects';

interface PostMainFieldsProps {
  companies: readonly Company[];
  /** Create New Post offers the article finder above the fields; editing, beside the URL. */
  isCreating: boolean;
  ai: ReturnType<typeof usePostAiActions>;
}

/** Entity, URL (with its finders and Scan URL) and content (with its AI helpers). */
export function PostMainFields({ companies, isCreating, ai }: PostMainFieldsProps) {
  const {
    register,
    setValue,
    getValues,
    formState: { errors },
  } = useFormContext<PostFormValues>();
  const [isFinding, setIsFinding] = useState(false);
  // What the server and the plan allow: missing keys hide a helper, a missing plan locks it.
  const features = useFeatures();
  const aiLocked = features.ai === 'not_on_plan';
  const sources: ArticleSource[] = [
    ...(features.newsSearch ? (['news'] as const) : []),
    ...(features.webSearch ? (['web'] as const) : []),
  ];

  /** The one button to the article finder (news and web are its sources). */
  function findButton(variant: 'secondary' | 'ghost') {
    return (
      <Button
        variant={variant}
        size="sm"
        className={variant === 'ghost' ? 'h-7 px-2 text-xs' : undefined}
        icon={<Newspaper className="size-4" aria-hidden="true" />}
        onClick={() => setIsFinding(true)}
      >
        Find an Article
      </Button>
    );
  }

  /** A chosen article or page: its URL, and its words as a start when there is no content yet. */
  function applyLink(hit: { url: string; title: string; description: string }) {
    setValue('url', hit.url, { shouldDirty: true });
    setValue('shortened_url', '');
    setValue('url_shortened', false);
    if (getValues('content').trim() === '') {
      const seed = [hit.title, hit.description].filter((part) => part.trim() !== '').join('\n\n');
      setValue('content', seed, { shouldDirty: true, shouldValidate: true });
    }
  }

  return (
    <>
      {isCreating && sources.length > 0 && (
        <div className="flex flex-col gap-3 rounded-xl bg-brand-50/70 p-3 ring-1 ring-brand-100 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-brand-900">Start from an article, or write your own.</p>
          {findButton('secondary')}
        </div>
      )}

      <EntitySelect
        id="post-entity"
        companies={companies}
        error={errors.company_id?.message}
        {...register('company_id')}
      />

      <TextField
        id="post-url"
        label="URL"
        type="url"
        inputMode="url"
        placeholder="https://example.com/article"
        error={errors.url?.message}
        // Editing has no banner above: the same finder sits by the URL it fills.
        labelAction={!isCreating && sources.length > 0 ? findButton('ghost') : undefined}
        {...register('url', {
          // A new address makes the old short link wrong.
          onChange: () => {
            setValue('shortened_url', '');
            setValue('url_shortened', false);
          },
        })}
      />

      <TextareaField
        id="post-content"
        label="Content"
        rows={7}
        placeholder="What do you want to say?"
        error={errors.content?.message}
        {...register('content')}
      />
      {features.ai !== 'off' && (
        <div className="-mt-2 flex flex-wrap items-center gap-2">
          <Button
            variant="soft"
            size="sm"
            icon={<Link2 className="size-4" aria-hidden="true" />}
            isLoading={ai.isScanning}
            loadingText="Scanning..."
            disabled={ai.isBusy || aiLocked}
            onClick={ai.scanUrl}
          >
            Scan URL
          </Button>
          <Button
            variant="soft"
            size="sm"
            icon={<Hash className="size-4" aria-hidden="true" />}
            isLoading={ai.isGeneratingHashtags}
            loadingText="Generating..."
            disabled={ai.isBusy || aiLocked}
            onClick={ai.generateHashtags}
          >
            Generate Hashtags
          </Button>
          <Button
            variant="soft"
            size="sm"
            icon={<Wand2 className="size-4" aria-hidden="true" />}
            isLoading={ai.isIntegrating}
            loadingText="Adding details..."
            disabled={ai.isBusy || aiLocked}
            onClick={ai.integrateCompany}
          >
            Add Entity Details
          </Button>
          {ai.rewrite !== null && <UndoRewrite by={ai.rewrite.by} onUndo={ai.rewrite.undo} />}
          {aiLocked ? (
            <PlanLockedNote />
          ) : (
            <span className="inline-flex items-center gap-1 text-xs text-gray-600">
              <Sparkles className="size-3.5" aria-hidden="true" />
              AI uses the options below
            </span>
          )}
        </div>
      )}

      <ArticleFinderDialog
        open={isFinding}
        sources={sources}
        onClose={() => setIsFinding(false)}
        onSelect={applyLink}
      />
    </>
  );
}
