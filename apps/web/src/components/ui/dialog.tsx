import { useCallback, useRef, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';
import { DialogFrame, type DialogFrameProps } from './dialog-frame';

interface DialogProps extends Omit<DialogFrameProps, 'contentRef'> {
  /**
   * Escape, a click outside or × never throws typed input away: once something was typed or
   * chosen in the dialog they ask 'Discard your changes?' first. Off for dialogs whose only
   * input is a search. Cancel and a finished save close without asking.
   */
  guardDraft?: boolean;
}

type DraftField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** A field whose value is a draft: not a search box (nor a button dressed as an input). */
function asDraftField(target: EventTarget | null): DraftField | null {
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return target;
  if (!(target instanceof HTMLInputElement)) return null;
  return ['search', 'button', 'submit', 'reset', 'hidden'].includes(target.type) ? null : target;
}

function valueOf(field: DraftField): string {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
    ? String(field.checked)
    : field.value;
}

/**
 * What the person changed in one open dialog: each field they touched, with its value from
 * before (null: it changed before it was ever focused). A field typed in and then cleared,
 * or gone from the dialog (a sub-form that saved and closed), is no draft.
 */
function createDraftTracker() {
  const before = new Map<DraftField, string | null>();
  return {
    onFocus: (event: Event) => {
      const field = asDraftField(event.target);
      if (field !== null && !before.has(field)) before.set(field, valueOf(field));
    },
    onChange: (event: Event) => {
      const field = asDraftField(event.target);
      if (field !== null && !before.has(field)) before.set(field, null);
    },
    hasDraft: () =>
      [...before].some(
        ([field, value]) => field.isConnected && (value === null || value !== valueOf(field)),
      ),
  };
}

export function Dialog({ guardDraft = true, onOpenChange, children, ...frame }: DialogProps) {
  const draft = useRef(createDraftTracker());
  const [isAskingToDiscard, setIsAskingToDiscard] = useState(false);

  // The box mounts each time the dialog opens: a fresh dialog has no draft. Native
  // listeners, so typing in a dialog opened from this one (its portal) does not count here.
  const contentRef = useCallback(
    (node: HTMLDivElement | null) => {
      if (node === null || !guardDraft) return;
      const tracker = createDraftTracker();
      draft.current = tracker;
      node.addEventListener('focusin', tracker.onFocus);
      node.addEventListener('input', tracker.onChange);
      node.addEventListener('change', tracker.onChange);
      return () => {
        node.removeEventListener('focusin', tracker.onFocus);
        node.removeEventListener('input', tracker.onChange);
        node.removeEventListener('change', tracker.onChange);
      };
    },
    [guardDraft],
  );

  return (
    <DialogFrame
      {...frame}
      contentRef={contentRef}
      onOpenChange={(open) => {
        if (!open && guardDraft && draft.current.hasDraft()) {
          setIsAskingToDiscard(true);
          return;
        }
        onOpenChange(open);
      }}
    >
      {children}
      {/* Inside the dialog's tree: it stacks on top, traps focus, and Escape on it (or Keep
          editing) returns to the form with focus where it was. */}
      <ConfirmDialog
        open={isAskingToDiscard}
        title="Discard your changes?"
        description="What you typed here has not been saved and will be lost."
        cancelLabel="Keep editing"
        confirmLabel="Discard"
        onClose={() => setIsAskingToDiscard(false)}
        onConfirm={() => {
          setIsAskingToDiscard(false);
          draft.current = createDraftTracker();
          onOpenChange(false);
        }}
      />
    </DialogFrame>
  );
}
