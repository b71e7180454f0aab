import { useEffect, useRef } from 'react';
import { toastFailure } from '../components/ui/error-toast';

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
