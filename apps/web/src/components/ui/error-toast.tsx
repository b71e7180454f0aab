import { useEffect, useRef } from 'react';
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

/** The part of a TanStack query's result that tells one failure from the next. */
export interface QueryFailureState {
  isError: boolean;
  error: unknown;
  /** When the last failure happened: a refetch that fails again gets a new one. */
  errorUpdatedAt: number;
}

interface QueryErrorToastOptions {
  /** Replaces a toast with the same id instead of stacking a second one. */
  id?: string;
  /** False: this failure is shown another way (a 404 said in place), no toast. */
  isEnabled?: boolean;
  /** After the toast, e.g. closing a dialog that has nothing to show. */
  onToast?: () => void;
}

/**
 * Toasts `message` when a query fails (a list or record that did not load), once per
 * failure: re-renders and a changed `onToast` do not repeat it, and nor does React's
 * development double effect; the next failure (a refetch that fails again) toasts again.
 * A failure that already has its toast (a 401 sends the person to sign in) gets none
 * (`toastFailure`).
 */
export function useQueryErrorToast(
  query: QueryFailureState,
  message: string,
  { id, isEnabled = true, onToast }: QueryErrorToastOptions = {},
) {
  const { isError, error, errorUpdatedAt } = query;
  const toastedAt = useRef<number | null>(null);
  useEffect(() => {
    if (!isError || !isEnabled || toastedAt.current === errorUpdatedAt) return;
    toastedAt.current = errorUpdatedAt;
    toastFailure(error, message, id === undefined ? undefined : { id });
    onToast?.();
  }, [isError, isEnabled, error, errorUpdatedAt, message, id, onToast]);
}
