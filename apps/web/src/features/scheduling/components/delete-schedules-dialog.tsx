import { SCHEDULE_MESSAGES } from '@cadence/shared';
import toast from 'react-hot-toast';
import { ConfirmDeleteDialog } from '../../../components/ui/confirm-delete-dialog';
import { useDeleteSchedules } from '../api/delete-schedules';
import { toastApiError } from '../../../components/ui/error-toast';

export interface DeleteRequest {
  ids: string[];
  /** From 'Delete Selected': asks about n posts rather than 'this scheduled post'. */
  isBulk: boolean;
}

interface DeleteSchedulesDialogProps {
  request: DeleteRequest | null;
  onClose: () => void;
  onDeleted: (request: DeleteRequest) => void;
}

export function DeleteSchedulesDialog({ request, onClose, onDeleted }: DeleteSchedulesDialogProps) {
  const deleteSchedules = useDeleteSchedules();

  function handleDelete() {
    if (request === null) return;
    deleteSchedules.mutate(request.ids, {
      onSuccess: (message) => {
        toast.success(message);
        onDeleted(request);
        onClose();
      },
      onError: (error) => {
        toastApiError(error, SCHEDULE_MESSAGES.deleteFailed);
      },
    });
  }

  return (
    <ConfirmDeleteDialog
      open={request !== null}
      title={SCHEDULE_MESSAGES.deleteTitle}
      description={
        request?.isBulk === true
          ? SCHEDULE_MESSAGES.bulkDeleteConfirm(request.ids.length)
          : SCHEDULE_MESSAGES.deleteConfirm
      }
      isDeleting={deleteSchedules.isPending}
      onConfirm={handleDelete}
      onClose={onClose}
    />
  );
}
