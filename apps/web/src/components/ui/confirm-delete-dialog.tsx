import type { ReactNode } from 'react';
import { ConfirmDialog } from './confirm-dialog';

interface ConfirmDeleteDialogProps {
  open: boolean;
  title: string;
  /** The question, e.g. 'Are you sure you want to delete this post? ...'. */
  description: string;
  isDeleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** What is about to go, shown above the buttons. */
  children?: ReactNode;
}

/** The one shape of every 'Delete ...?' question: what goes, Cancel, and a red Delete. */
export function ConfirmDeleteDialog({ isDeleting, ...question }: ConfirmDeleteDialogProps) {
  return (
    <ConfirmDialog
      {...question}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      tone="danger"
      isPending={isDeleting}
    />
  );
}
