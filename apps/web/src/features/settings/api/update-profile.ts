import type { Me, Profile } from '@cadence/shared';
import { API_PATHS, ProfileSchema } from '@cadence/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { ME_QUERY_KEY } from '../../auth/api/get-me';
import { PROFILE_QUERY_KEY } from './get-profile';

export interface UpdateProfileVariables {
  name: string;
  gender: string;
  address: string;
  /** A new avatar, or null to keep the current one. */
  image: File | null;
}

/** `PUT /customer/update` as multipart (name, gender, address, optional profile_image). */
export async function updateProfile({ name, gender, address, image }: UpdateProfileVariables) {
  const form = new FormData();
  form.set('name', name);
  form.set('gender', gender);
  form.set('address', address);
  if (image) form.set('profile_image', image);
  const { data } = await apiRequest(API_PATHS.customerUpdate, {
    method: 'PUT',
    body: form,
    schema: ProfileSchema,
  });
  return data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile: Profile) => {
      queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
      // The navigation shows the new name and avatar at once.
      queryClient.setQueryData<Me>(ME_QUERY_KEY, (me) =>
        me ? { ...me, name: profile.name, profile_image: profile.profile_image } : me,
      );
    },
  });
}
