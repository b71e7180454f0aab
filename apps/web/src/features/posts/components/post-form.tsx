import type { Company, NetworkId, Post } from '@cadence/shared';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { POST_MESSAGES, missingPostFields } from '@cadence/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarClock } from 'lucide-react';
import { useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { socialsHref } from '../../../lib/entity-links';
import { AddToQueueDialog } from '../../../components/queue/add-to-queue-dialog';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useFeatures } from '../../../hooks/use-features';
import { getConnectedNetworkIds } from '../../../lib/connected-networks';
import { useMediaFile } from '../hooks/use-media-file';
import { usePostAiActions } from '../hooks/use-post-ai-actions';
import { POST_SAVE_TOAST_ID, useSavePost } from '../hooks/use-save-post';
import type { PostFormValues } from '../utils/post-form-values';
import { PostFormSchema, toPostFormValues, withCustomized } from '../utils/post-form-values';
import { MediaField } from './media-field';
import { PostAiOptions } from './post-ai-options';
import { PostMainFields } from './post-main-fields';
import { PostNetworkTexts } from './post-network-texts';
import { PostUsageMeter } from './post-usage-meter';
import { PostPreview } from './post-preview';
import { RejectConfirm } from './reject-confirm';

interface PostFormProps {
  post: Post | null;
  defaultCompanyId: string;
  /** This network's own text starts as a copy of the shared text. */
  customizeFor?: NetworkId | undefined;
  companies: readonly Company[];
  onCancel: () => void;
  onSaved: () => void;
}

export function PostForm({
  post,
  defaultCompanyId,
  customizeFor,
  companies,
  onCancel,
  onSaved,
}: PostFormProps) {
  const { timeZone } = useTimeZone();
  const form = useForm<PostFormValues>({
    resolver: zodResolver(PostFormSchema),
    // With a single entity there is nothing to choose: it is preselected.
    defaultValues: withCustomized(
      toPostFormValues(
        post,
        defaultCompanyId === '' && companies.length === 1
          ? (companies[0]?.id ?? '')
          : defaultCompanyId,
        timeZone,
      ),
      customizeFor,
    ),
  });
  const companyId = useWatch({ control: form.control, name: 'company_id' });
  const company = companies.find((item) => item.id === companyId) ?? null;
  const networks = company === null ? [] : getConnectedNetworkIds(company);
  const media = useMediaFile(post?.attachments[0] ?? null);
  const ai = usePostAiActions(form);
  const saving = useSavePost({ post, form, networks, media: media.change, onSaved });
  const isEditing = post !== null;
  // The AI options only matter when AI can run for this customer.
  const features = useFeatures();
  const [isQueueing, setIsQueueing] = useState(false);
  const [url, shortenedUrl] = useWatch({ control: form.control, name: ['url', 'shortened_url'] });
  const link = shortenedUrl !== '' ? shortenedUrl : url.trim();

  const onSubmit = form.handleSubmit(
    (values) => saving.save(values),
    () => {
      const missing = missingPostFields(form.getValues());
      if (missing.length > 0)
        toast.error(POST_MESSAGES.requiredFields(missing), { id: POST_SAVE_TOAST_ID });
    },
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <div className="space-y-5">
            {/* Before the customer writes the post that would go over the month's limit. */}
            {!isEditing && <PostUsageMeter className="max-w-none" />}
            <PostMainFields companies={companies} isCreating={!isEditing} ai={ai} />
            {company !== null && networks.length === 0 && (
              <p
                role="status"
                className="-mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
              >
                {company.name} has no social network connected yet, so this post cannot be scheduled
                until one is.{' '}
                <Link
                  to={socialsHref(company.id)}
                  onClick={onCancel}
                  className="font-semibold text-amber-950 underline underline-offset-2"
                >
                  Connect a network
                </Link>
              </p>
            )}
            <MediaField preview={media.preview} onChoose={media.choose} onRemove={media.remove} />
            <PostNetworkTexts networks={networks} link={link} hasMedia={media.preview !== null} />
            {features.ai === 'on' && <PostAiOptions companies={companies} />}
            <TextField
              id="post-schedule"
              label="Schedule for (optional)"
              type="datetime-local"
              hint="The post goes out then to the entity's connected networks. Repeats and other times: Scheduling page."
              error={form.formState.errors.scheduled_for?.message}
              {...form.register('scheduled_for')}
            />
            {/* Beside the time: the saved post can instead take its entity's next queue slot. */}
            {isEditing && (
              <div className="-mt-2 flex flex-wrap items-center gap-2 text-sm text-gray-600">
                <span>Or let the entity’s queue pick the time:</span>
                <Button
                  size="sm"
                  variant="secondary"
                  icon={<CalendarClock className="size-4" aria-hidden="true" />}
                  onClick={() => setIsQueueing(true)}
                >
                  Add to queue
                </Button>
              </div>
            )}
          </div>
          <PostPreview company={company} networks={networks} media={media.preview} />
        </div>

        {/* Stays in view at the bottom of the screen while the form scrolls (a phone shows
            only part of it), so Create Post never hides below every option, and nor does the
            question a save may ask. Sticky stops at the scrolling overlay's padding, so it is
            pulled down by that padding (p-4, p-6) to meet the screen's edge instead of
            letting the form show beneath it. */}
        <div className="sticky -bottom-4 z-10 -mx-5 mt-6 border-t border-gray-100 bg-white/95 px-5 py-4 backdrop-blur-sm sm:-bottom-6 sm:-mx-7 sm:px-7">
          {saving.rejections.length > 0 ? (
            <RejectConfirm
              rejections={saving.rejections}
              onConfirm={() => void saving.confirm()}
              onCancel={saving.cancelConfirm}
            />
          ) : (
            <div className="flex justify-end gap-3">
              <Button variant="secondary" onClick={onCancel}>
                Cancel
              </Button>
              <Button
                type="submit"
                isLoading={saving.isSaving}
                loadingText={isEditing ? 'Saving...' : 'Creating...'}
                // Saving now would lose the text an AI helper is still writing.
                disabled={ai.isBusy}
              >
                {isEditing ? 'Save Changes' : 'Create Post'}
              </Button>
            </div>
          )}
        </div>
      </form>
      <AddToQueueDialog
        post={isQueueing ? post : null}
        companies={companies}
        onClose={() => setIsQueueing(false)}
      />
    </FormProvider>
  );
}
