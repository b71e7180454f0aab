import toast from 'react-hot-toast';

/** Long enough to read the new text and decide; the toast pauses while hovered. */
const UNDO_TOAST_MS = 10_000;

/**
 * A success toast for an AI helper that rewrote the customer's text, with the way back:
 * Undo puts the text from before the helper ran back in the field.
 */
export function toastWithUndo(message: string, onUndo: () => void) {
  toast.success(
    (shown) => (
      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <span>{message}</span>
        <button
          type="button"
          onClick={() => {
            onUndo();
            toast.dismiss(shown.id);
          }}
          className="rounded-md px-2 py-1 text-sm font-semibold text-brand-700 ring-1 ring-brand-200 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          Undo
        </button>
      </span>
    ),
    { duration: UNDO_TOAST_MS },
  );
}
