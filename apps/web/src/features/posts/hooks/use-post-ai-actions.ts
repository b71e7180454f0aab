import { DEFAULT_HASHTAG_COUNT, POST_MESSAGES, clampCount } from '@cadence/shared';
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useEnhancePost } from '../api/enhance-post';
import { useGenerateHashtags } from '../api/generate-hashtags';
import { useGeneratePostFromUrl } from '../api/generate-post-from-url';
import type { PostFormValues } from '../utils/post-form-values';
import { appendHashtags, buildPostFromUrlRequest } from '../utils/post-form-values';
import { toastApiError } from '../../../components/ui/error-toast';

const setOptions = { shouldDirty: true, shouldValidate: true } as const;

/**
 * Scan URL, Generate Hashtags and Integrate Company Information, each with its toasts. Each
 * replaces the content, so the last one leaves `rewrite`: Undo puts the text from before back.
 */
export function usePostAiActions(form: UseFormReturn<PostFormValues>) {
  const fromUrl = useGeneratePostFromUrl();
  const hashtags = useGenerateHashtags();
  const enhance = useEnhancePost();
  const { getValues, setValue } = form;
  const [lastRewrite, setLastRewrite] = useState<{ by: string; before: string } | null>(null);

  function replaceContent(content: string, message: string, by: string) {
    const before = getValues('content');
    setValue('content', content, setOptions);
    setLastRewrite({ by, before });
    toast.success(message);
  }

  function scanUrl() {
    const values = getValues();
    if (values.url.trim() === '') {
      toast.error(POST_MESSAGES.enterUrl);
      return;
    }
    fromUrl.mutate(buildPostFromUrlRequest(values), {
      onSuccess: (content) => {
        replaceContent(content, POST_MESSAGES.urlScanned, 'Scan URL');
      },
      onError: (error) => toastApiError(error, POST_MESSAGES.urlScanFailed),
    });
  }

  function generateHashtags() {
    const { content, hashtag_count: count } = getValues();
    if (content.trim() === '') {
      toast.error(POST_MESSAGES.enterContentFirst);
      return;
    }
    hashtags.mutate(
      { content, count: clampCount(count, DEFAULT_HASHTAG_COUNT) },
      {
        onSuccess: (tags) => {
          replaceContent(
            appendHashtags(getValues('content'), tags),
            POST_MESSAGES.hashtagsGenerated,
            'Generate Hashtags',
          );
        },
        onError: (error) => toastApiError(error, POST_MESSAGES.hashtagsFailed),
      },
    );
  }

  function integrateCompany() {
    const { company_id: companyId, content, tone } = getValues();
    if (companyId === '') {
      toast.error(POST_MESSAGES.selectEntityAndContent);
      return;
    }
    if (content.trim() === '') {
      toast.error(POST_MESSAGES.addContentFirst);
      return;
    }
    enhance.mutate(
      { company_id: companyId, content, tone },
      {
        onSuccess: (enhanced) => {
          replaceContent(enhanced, POST_MESSAGES.integrated, 'Add Entity Details');
        },
        onError: (error) => toastApiError(error, POST_MESSAGES.integrateFailed),
      },
    );
  }

  return {
    /** The last rewrite, while it can be undone. */
    rewrite:
      lastRewrite === null
        ? null
        : {
            by: lastRewrite.by,
            undo: () => {
              setValue('content', lastRewrite.before, setOptions);
              setLastRewrite(null);
            },
          },
    scanUrl,
    generateHashtags,
    integrateCompany,
    isScanning: fromUrl.isPending,
    isGeneratingHashtags: hashtags.isPending,
    isIntegrating: enhance.isPending,
    isBusy: fromUrl.isPending || hashtags.isPending || enhance.isPending,
  };
}
