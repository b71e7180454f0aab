import type { ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

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
export function ConfirmDeleteDialog({
  open,
  title,
  description,
  isDeleting,
  onConfirm,
  onClose,
  children,
}: ConfirmDeleteDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen && !isDeleting) onClose();
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
        <Button variant="secondary" onClick={onClose} disabled={isDeleting}>
          Cancel
        </Button>
        <Button
          variant="danger"
          isLoading={isDeleting}
          loadingText="Deleting..."
          onClick={onConfirm}
        >
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
