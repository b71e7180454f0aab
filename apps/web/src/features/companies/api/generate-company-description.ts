import type { CompanyDescriptionRequest } from '@cadence/shared';
import { API_PATHS, CompanyDescriptionSchema } from '@cadence/shared';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** AI Assist: the server reads the website and writes a 2–3 sentence description in the tone. */
export async function generateCompanyDescription(input: CompanyDescriptionRequest) {
  const { data } = await apiRequest(API_PATHS.aiCompanyDescription, {
    method: 'POST',
    body: input,
    schema: CompanyDescriptionSchema,
  });
  return data.description;
}

export function useGenerateCompanyDescription() {
  return useMutation({ mutationFn: generateCompanyDescription });
}
