import type { PostTone, SizeFormat } from '@cadence/shared';
import { API_PATHS, GeneratedContentSchema } from '@cadence/shared';
import { apiRequest } from '../../../lib/api-client';

export interface GenerateContentInput {
  company_id: string;
  content: string;
  tone: PostTone;
  size_format: SizeFormat | null;
}

/** The content with its [AI] marker replaced by text the AI writes about the entity. */
export async function generateAiContent(input: GenerateContentInput) {
  const { data } = await apiRequest(API_PATHS.aiGenerate, {
    method: 'POST',
    body: input,
    schema: GeneratedContentSchema,
  });
  return data.content;
}
