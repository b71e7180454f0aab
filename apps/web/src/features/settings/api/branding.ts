import {
  API_PATHS,
  BrandingSchema,
  LogoUploadSchema,
  type Branding,
  type BrandingInput,
} from '@cadence/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../../lib/query-keys';

export const BRANDING_QUERY_KEY = ['team', 'branding'] as const;

/** The workspace's brand (white label): whether the plan has it, the brand set, the one shown. */
export function useBranding() {
  return useQuery({
    queryKey: BRANDING_QUERY_KEY,
    queryFn: async ({ signal }) =>
      (await apiRequest(API_PATHS.teamBranding, { schema: BrandingSchema, signal })).data,
  });
}

/** Saves the brand (the owner, on a plan with white label); the top bar follows at once. */
export function useSaveBranding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: BrandingInput) =>
      (
        await apiRequest(API_PATHS.teamBranding, {
          method: 'PUT',
          body,
          schema: BrandingSchema,
        })
      ).data,
    onSuccess: (data: Branding) => {
      client.setQueryData(BRANDING_QUERY_KEY, data);
      // The session check carries the brand the top bar shows.
      void client.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}

/** Stores a logo file (the entities' logo upload: same types and limits) and answers its URL. */
export function useUploadBrandLogo() {
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return (
        await apiRequest(API_PATHS.companyLogo, { method: 'POST', body, schema: LogoUploadSchema })
      ).data.logo_url;
    },
  });
}
