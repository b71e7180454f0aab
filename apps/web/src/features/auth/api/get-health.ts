import { API_PATHS, DEMO_PAGE_META, HealthSchema } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiRequest } from '../../../lib/api-client';

/** A demo server marks the screens' pages it serves (apps/server/src/plugins/route-preloads.ts). */
const pageSaysDemo = () =>
  typeof document !== 'undefined' &&
  document.querySelector(`meta[name="${DEMO_PAGE_META}"]`) !== null;

/**
 * Whether this is the offline demo: the page's mark, known in the first frame (no layout
 * shift when the notice appears), else the instance's health answer, read once.
 */
export function useIsDemo(): boolean {
  const [marked] = useState(pageSaysDemo);
  const health = useQuery({
    enabled: !marked,
    queryKey: ['health'],
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.health, { schema: HealthSchema, auth: false, signal })).data,
    staleTime: Infinity,
    retry: false,
  });
  return marked || health.data?.demo === true;
}
