import type { PostTone } from '@cadence/shared';
import { API_PATHS, GeneratedContentSchema } from '@cadence/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Integrate company information: the content rewritten with the entity's strengths. */
export async function enhancePost(input: { company_id: string; content: string; tone: PostTone }) {
  const { data } = await apiRequest(API_PATHS.aiEnhance, {
    method: 'POST',
    body: input,
    schema: GeneratedContentSchema,
  });
  return data.content;
}

export function useEnhancePost() {
  return useMutation({ mutationFn: enhancePost });
}
