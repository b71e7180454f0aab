import { API_PATHS, HealthSchema } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** The instance's health answer, read once: it says whether this is the offline demo. */
export function useIsDemo(): boolean {
  const health = useQuery({
    queryKey: ['health'],
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.health, { schema: HealthSchema, auth: false, signal })).data,
    staleTime: Infinity,
    retry: false,
  });
  return health.data?.demo === true;
}
