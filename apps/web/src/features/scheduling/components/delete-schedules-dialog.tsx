import { SCHEDULE_MESSAGES } from '@cadence/shared';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { getErrorMessage } from '../../../lib/api-error';
import { useDeleteSchedules } from '../api/delete-schedules';

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
        toast.error(getErrorMessage(error, SCHEDULE_MESSAGES.deleteFailed));
      },
    });
  }

  return (
    <Dialog
      open={request !== null}
      onOpenChange={(open) => {
        if (!open && !deleteSchedules.isPending) onClose();
      }}
      title={SCHEDULE_MESSAGES.deleteTitle}
      description={
        request?.isBulk === true
          ? SCHEDULE_MESSAGES.bulkDeleteConfirm(request.ids.length)
          : SCHEDULE_MESSAGES.deleteConfirm
      }
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={deleteSchedules.isPending}>
          Cancel
        </Button>
        <Button
          variant="danger"
          isLoading={deleteSchedules.isPending}
          loadingText="Deleting..."
          onClick={handleDelete}
        >
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
