import type { CompanyInput } from '@cadence/shared';
import { API_PATHS, CompanySchema } from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { COMPANIES_QUERY_KEY } from '../../../lib/queries/companies';

export async function createCompany(input: CompanyInput) {
  const { data } = await apiRequest(API_PATHS.companies, {
    method: 'POST',
    body: input,
    schema: CompanySchema,
  });
  return data;
}

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    // Here rather than in the caller: the list refreshes even if the dialog is gone by then.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY }),
  });
}
