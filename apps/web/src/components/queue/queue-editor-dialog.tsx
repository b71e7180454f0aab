import type { Company } from '@cadence/shared';
import { LoaderCircle } from 'lucide-react';
import { useEntityQueue } from '../../lib/queries/queue';
import { ApiRequestError } from '../../lib/api-error';
import { Dialog } from '../ui/dialog';
import { QueueEditor } from './queue-editor';

interface QueueEditorDialogProps {
  /** The entity whose queue is edited; null: closed. */
  company: Pick<Company, 'id' | 'name' | 'social_credentials'> | null;
  onClose: () => void;
}

/** The entity's queue editor in a dialog (the Entities page's 'Queue' action, `?queue=<id>`). */
export function QueueEditorDialog({ company, onClose }: QueueEditorDialogProps) {
  return (
    <Dialog
      open={company !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      title={company === null ? 'Posting queue' : `Posting queue: ${company.name}`}
      description="Weekly times at which queued posts go out. 'Add to queue' on a post takes the next open one."
      size="2xl"
    >
      {company !== null && (
        <QueueEditorLoader key={company.id} company={company} onSaved={onClose} />
      )}
    </Dialog>
  );
}

function QueueEditorLoader({
  company,
  onSaved,
}: {
  company: NonNullable<QueueEditorDialogProps['company']>;
  onSaved: () => void;
}) {
  const queue = useEntityQueue(company.id);
  if (queue.data !== undefined)
    return <QueueEditor company={company} queue={queue.data} onSaved={onSaved} />;
  if (queue.isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {queue.error instanceof ApiRequestError && queue.error.serverMessage !== null
          ? queue.error.serverMessage
          : 'Failed to load the queue'}
      </p>
    );
  }
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-gray-600">
      <LoaderCircle className="size-4 animate-spin text-brand-600" aria-hidden="true" />
      Loading the queue...
    </p>
  );
}
