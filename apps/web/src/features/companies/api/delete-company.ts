import type { CompanyList } from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { COMPANIES_QUERY_KEY } from '../../../lib/queries/companies';
import { companyPath } from './company-path';

export async function deleteCompany(id: string) {
  const { message } = await apiRequest<null>(companyPath(id), { method: 'DELETE' });
  return message;
}

export function useDeleteCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCompany,
    onSuccess: (_message, id) => {
      // The row goes at once; the refetch then brings anything else that changed.
      queryClient.setQueryData<CompanyList>(COMPANIES_QUERY_KEY, (list) =>
        list === undefined ? list : { ...list, rows: list.rows.filter((row) => row.id !== id) },
      );
      return queryClient.invalidateQueries({ queryKey: COMPANIES_QUERY_KEY });
    },
  });
}
