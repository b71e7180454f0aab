import type { PostLength } from '@cadence/shared';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';
import { describeRejection } from '../utils/post-rejections';

interface RejectConfirmProps {
  rejections: readonly PostLength[];
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * Before saving text a connected network would refuse: say which, and ask, where the
 * Create Post button was (the form's sticky footer), with focus on the safe answer.
 */
export function RejectConfirm({ rejections, onConfirm, onCancel }: RejectConfirmProps) {
  const keepEditing = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    keepEditing.current?.focus();
  }, []);
  return (
    <div
      role="alertdialog"
      aria-labelledby="reject-confirm-text"
      className="rounded-xl border border-amber-200 bg-amber-50 p-4"
    >
      <div className="flex gap-3">
        <TriangleAlert className="mt-0.5 size-5 shrink-0 text-amber-600" aria-hidden="true" />
        <div id="reject-confirm-text" className="text-sm text-amber-900">
          {rejections.map((item) => (
            <p key={item.network}>{describeRejection(item)}</p>
          ))}
          <p className="mt-1 font-semibold">Save anyway?</p>
        </div>
      </div>
      <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button ref={keepEditing} variant="secondary" onClick={onCancel}>
          Keep Editing
        </Button>
        <Button onClick={onConfirm}>Save Anyway</Button>
      </div>
    </div>
  );
}
