import toast from 'react-hot-toast';
import { failureToastOf, isAlreadyAnnounced } from '../../lib/api-error';
import { toastLimitError } from './upgrade-hint';

/**
 * The one way a failed call is toasted (`failureToastOf` decides what): at most one toast per
 * failure, so a signed-out 401 shows only the session message and a plan limit links to the
 * plans. `id` lets a repeated failure replace its toast instead of stacking.
 */
export function toastApiError(error: unknown, fallback: string, options?: { id?: string }) {
  const shown = failureToastOf(error, fallback);
  if (shown.kind === 'limit') toastLimitError(shown.message, options?.id);
  else if (shown.kind === 'plain') toast.error(shown.message, options);
}

/** For failures whose toast is always `message` (a list that did not load): the same rule. */
export function toastFailure(error: unknown, message: string, options?: { id?: string }) {
  if (!isAlreadyAnnounced(error)) toast.error(message, options);
}
