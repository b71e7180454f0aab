import { API_PATHS, HashtagsSchema } from '@cadence/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export async function generateHashtags(input: { content: string; count: number }) {
  const { data } = await apiRequest(API_PATHS.aiHashtags, {
    method: 'POST',
    body: input,
    schema: HashtagsSchema,
  });
  return data.hashtags;
}

export function useGenerateHashtags() {
  return useMutation({ mutationFn: generateHashtags });
}
