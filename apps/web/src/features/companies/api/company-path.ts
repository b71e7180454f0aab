import { API_PATHS } from '@cadence/shared';

/** `/customer/company/:id` for one company. */
export function companyPath(id: string): string {
  return API_PATHS.company.replace(':id', encodeURIComponent(id));
}
