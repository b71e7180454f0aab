import type { CompanyInput } from '@cadence/shared';
import { CompanySchema } from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { COMPANIES_QUERY_KEY } from '../../../lib/queries/companies';
import { companyPath } from './company-path';

export interface UpdateCompanyVariables {
  id: string;
  input: CompanyInput;
}

export async function updateCompany({ id, input }: UpdateCompanyVariables) {
  const { data } = await apiRequest(companyPath(id), {
    method: 'PUT',
    body: input,
    schema: CompanySchema,
  });
  return data;
}

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY }),
  });
}
