import type { NetworkId, Post, PostLength } from '@cadence/shared';
import { useTimeZone } from '../../../hooks/use-time-zone';
import { POST_MESSAGES } from '@cadence/shared';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useCreatePost } from '../api/create-post';
import { generateAiContent } from '../api/generate-ai-content';
import { shortenUrl } from '../api/shorten-url';
import { useUpdatePost } from '../api/update-post';
import type { MediaChange, PostFormValues } from '../utils/post-form-values';
import { sizeFormatOrNull, toPostFields, toPostFormData } from '../utils/post-form-values';
import { findRejections } from '../utils/post-rejections';
import { toastApiError, toastFailure } from '../../../components/ui/error-toast';

interface SavePostOptions {
  post: Post | null;
  form: UseFormReturn<PostFormValues>;
  /** The networks the chosen entity has connected: they are the post's platforms. */
  networks: NetworkId[];
  media: MediaChange;
  onSaved: () => void;
}

/** One toast per save attempt: the next attempt's answer replaces the last one's. */
export const POST_SAVE_TOAST_ID = 'post-save';

/**
 * Saving, step by step: on edit an [AI] marker is replaced first; content a chosen network
 * would refuse waits for 'Save anyway'; the URL is shortened if asked (a failure keeps the
 * original); then the post is created or updated.
 */
export function useSavePost({ post, form, networks, media, onSaved }: SavePostOptions) {
  const createPost = useCreatePost();
  const updatePost = useUpdatePost();
  const [isPreparing, setIsPreparing] = useState(false);
  const [rejections, setRejections] = useState<PostLength[]>([]);
  const { timeZone } = useTimeZone();
  const isEditing = post !== null;

  async function prepareContent(values: PostFormValues): Promise<string | null> {
    if (!isEditing || !values.content.includes(POST_MESSAGES.aiMarker)) return values.content;
    try {
      const content = await generateAiContent({
        company_id: values.company_id,
        content: values.content,
        tone: values.tone,
        size_format: sizeFormatOrNull(values.size_format),
      });
      form.setValue('content', content, { shouldDirty: true });
      return content;
    } catch (error) {
      toastFailure(error, POST_MESSAGES.generateFailed);
      return null;
    }
  }

  async function shortenIfAsked(values: PostFormValues): Promise<PostFormValues> {
    const url = values.url.trim();
    const isDone = values.url_shortened && values.shortened_url !== '';
    if (!values.shorten_url || url === '' || isDone) return values;
    const shortened = await shortenUrl(url);
    if (shortened === null) {
      toast.error(POST_MESSAGES.shortenFailed);
      return { ...values, shortened_url: '', url_shortened: false };
    }
    form.setValue('shortened_url', shortened);
    form.setValue('url_shortened', true);
    return { ...values, shortened_url: shortened, url_shortened: true };
  }

  async function send(values: PostFormValues) {
    const fields = toPostFields(values, networks, timeZone, post?.variants);
    const onError = (error: unknown) =>
      toastApiError(error, isEditing ? POST_MESSAGES.updateFailed : POST_MESSAGES.createFailed, {
        id: POST_SAVE_TOAST_ID,
      });
    try {
      if (post === null) {
        await createPost.mutateAsync(toPostFormData(fields, media, { includeStatus: false }));
        toast.success(POST_MESSAGES.created, { id: POST_SAVE_TOAST_ID });
      } else {
        const body =
          media.kind === 'keep'
            ? { ...fields }
            : toPostFormData(fields, media, { includeStatus: true });
        await updatePost.mutateAsync({ id: post.id, body });
        toast.success(POST_MESSAGES.updated, { id: POST_SAVE_TOAST_ID });
      }
      onSaved();
    } catch (error) {
      onError(error);
    }
  }

  async function finish(values: PostFormValues) {
    setIsPreparing(true);
    try {
      await send(await shortenIfAsked(values));
    } catch (error) {
      // Only a failure that ended the session gets here; its message has been shown.
      toastApiError(error, POST_MESSAGES.createFailed);
    } finally {
      setIsPreparing(false);
    }
  }

  /** The form's submit: may stop at the confirm step instead of saving. */
  async function save(values: PostFormValues) {
    setIsPreparing(true);
    const content = await prepareContent(values);
    setIsPreparing(false);
    if (content === null) return;
    const ready = { ...values, content };
    const hasMedia =
      media.kind === 'replace' || (media.kind === 'keep' && (post?.attachments.length ?? 0) > 0);
    const link = values.shortened_url !== '' ? values.shortened_url : values.url.trim();
    const found = findRejections(content, networks, { link, hasMedia }, values.variants);
    if (found.length > 0) {
      setRejections(found);
      return;
    }
    await finish(ready);
  }

  return {
    save,
    /** 'Save anyway' on the confirm step. */
    confirm: () => {
      setRejections([]);
      return finish(form.getValues());
    },
    cancelConfirm: () => setRejections([]),
    rejections,
    isSaving: isPreparing || createPost.isPending || updatePost.isPending,
  };
}
