import { DEFAULT_HASHTAG_COUNT, POST_MESSAGES, clampCount } from '@cadence/shared';
import type { UseFormReturn } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useEnhancePost } from '../api/enhance-post';
import { useGenerateHashtags } from '../api/generate-hashtags';
import { useGeneratePostFromUrl } from '../api/generate-post-from-url';
import type { PostFormValues } from '../utils/post-form-values';
import { appendHashtags, buildPostFromUrlRequest } from '../utils/post-form-values';
import { toastApiError } from '../../../components/ui/error-toast';

const setOptions = { shouldDirty: true, shouldValidate: true } as const;

/** Scan URL, Generate Hashtags and Integrate Company Information, each with its toasts. */
export function usePostAiActions(form: UseFormReturn<PostFormValues>) {
  const fromUrl = useGeneratePostFromUrl();
  const hashtags = useGenerateHashtags();
  const enhance = useEnhancePost();
  const { getValues, setValue } = form;

  function scanUrl() {
    const values = getValues();
    if (values.url.trim() === '') {
      toast.error(POST_MESSAGES.enterUrl);
      return;
    }
    fromUrl.mutate(buildPostFromUrlRequest(values), {
      onSuccess: (content) => {
        setValue('content', content, setOptions);
        toast.success(POST_MESSAGES.urlScanned);
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
          setValue('content', appendHashtags(getValues('content'), tags), setOptions);
          toast.success(POST_MESSAGES.hashtagsGenerated);
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
          setValue('content', enhanced, setOptions);
          toast.success(POST_MESSAGES.integrated);
        },
        onError: (error) => toastApiError(error, POST_MESSAGES.integrateFailed),
      },
    );
  }

  return {
    scanUrl,
    generateHashtags,
    integrateCompany,
    isScanning: fromUrl.isPending,
    isGeneratingHashtags: hashtags.isPending,
    isIntegrating: enhance.isPending,
    isBusy: fromUrl.isPending || hashtags.isPending || enhance.isPending,
  };
}
