import { API_PATHS } from '@cadence/shared';

/** `/customer/post/:id` for one post. */
export function postPath(id: string): string {
  return API_PATHS.post.replace(':id', encodeURIComponent(id));
}
