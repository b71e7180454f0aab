import type { PostFromUrlRequest } from '@cadence/shared';
import { API_PATHS, GeneratedContentSchema } from '@cadence/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Scan URL: the server reads the page and writes a post about it with the chosen options. */
export async function generatePostFromUrl(input: PostFromUrlRequest) {
  const { data } = await apiRequest(API_PATHS.aiPostFromUrl, {
    method: 'POST',
    body: input,
    schema: GeneratedContentSchema,
  });
  return data.content;
}

export function useGeneratePostFromUrl() {
  return useMutation({ mutationFn: generatePostFromUrl });
}
