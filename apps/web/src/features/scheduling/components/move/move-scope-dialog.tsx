import type { MoveScope } from '@cadence/shared';
import { OCCURRENCE_MESSAGES } from '@cadence/shared';
import { Button } from '../../../../components/ui/button';
import { DialogFrame } from '../../../../components/ui/dialog-frame';
import { formatInZone } from '../../../../lib/zoned-time';

interface MoveScopeDialogProps {
  /** The dropped repeating occurrence's new time, or null while nothing asks. */
  to: string | null;
  timeZone: string;
  isPending: boolean;
  onChoose: (scope: MoveScope) => void;
  onClose: () => void;
}

/** A dropped occurrence of a repeating schedule: does it move alone or with the later ones? */
export function MoveScopeDialog({
  to,
  timeZone,
  isPending,
  onChoose,
  onClose,
}: MoveScopeDialogProps) {
  return (
    <DialogFrame
      open={to !== null}
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
      title={OCCURRENCE_MESSAGES.moveTitle}
      description={
        to === null
          ? undefined
          : `To ${formatInZone(to, timeZone)}. ${OCCURRENCE_MESSAGES.scopeQuestion}`
      }
    >
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        <Button variant="secondary" onClick={() => onChoose('following')} disabled={isPending}>
          {OCCURRENCE_MESSAGES.thisAndFollowing}
        </Button>
        <Button onClick={() => onChoose('one')} isLoading={isPending} loadingText="Moving...">
          {OCCURRENCE_MESSAGES.onlyThisOne}
        </Button>
      </div>
    </DialogFrame>
  );
}
