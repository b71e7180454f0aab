import type { ReactNode } from 'react';
import { Button } from './button';
import { DialogFrame } from './dialog-frame';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The question in full, e.g. 'Are you sure you want to delete this post? ...'. */
  description: ReactNode;
  /** The button that goes ahead, named for what it does ('Delete', 'Discard', 'Stop'). */
  confirmLabel: string;
  /** The button that keeps things as they are. */
  cancelLabel?: string;
  /** Red for what cannot be taken back. */
  tone?: 'danger' | 'primary';
  /** The confirmed action is under way: both buttons wait, the dialog stays. */
  isPending?: boolean;
  /** The confirm button's text while pending, e.g. 'Deleting...'. */
  pendingLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
  /** What the question is about, shown above the buttons. */
  children?: ReactNode;
}

/**
 * The one shape of every question that needs an answer before something happens: the
 * question, the way back (Cancel, Escape, a click outside) and the way ahead.
 */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'danger',
  isPending = false,
  pendingLabel,
  onConfirm,
  onClose,
  children,
}: ConfirmDialogProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && !isPending) onClose();
      }}
      title={title}
      description={description}
    >
      {children}
      <div
        className={
          children === undefined
            ? 'flex flex-col-reverse gap-3 sm:flex-row sm:justify-end'
            : 'mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end'
        }
      >
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          {cancelLabel}
        </Button>
        <Button
          variant={tone === 'danger' ? 'danger' : 'primary'}
          isLoading={isPending}
          loadingText={pendingLabel}
          onClick={onConfirm}
        >
          {confirmLabel}
        </Button>
      </div>
    </DialogFrame>
  );
}
