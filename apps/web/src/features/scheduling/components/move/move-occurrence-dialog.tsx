import type { MoveScope } from '@cadence/shared';
import { OCCURRENCE_MESSAGES, SCHEDULE_MESSAGES } from '@cadence/shared';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { useNow } from '../../../../hooks/use-now';
import { Dialog } from '../../../../components/ui/dialog';
import { TextField } from '../../../../components/ui/text-field';
import { formatInZone, todayKey, zonedDateTimeToIso } from '../../../../lib/zoned-time';
import type { MovableOccurrence } from './use-occurrence-mover';

interface MoveOccurrenceDialogProps {
  occurrence: MovableOccurrence | null;
  timeZone: string;
  isPending: boolean;
  onSubmit: (scheduledFor: string, scope: MoveScope) => void;
  onClose: () => void;
}

/** 'Move to...': the date and time fields, the keyboard's (and screen reader's) way to move. */
export function MoveOccurrenceDialog({
  occurrence,
  timeZone,
  isPending,
  onSubmit,
  onClose,
}: MoveOccurrenceDialogProps) {
  return (
    <Dialog
      open={occurrence !== null}
      onOpenChange={(open) => {
        if (!open && !isPending) onClose();
      }}
      title={OCCURRENCE_MESSAGES.moveTitle}
      description={
        occurrence === null ? undefined : (
          <>
            Now at {formatInZone(occurrence.scheduled_for, timeZone)} ({timeZone}):{' '}
            <span className="break-words">{occurrence.content.slice(0, 80)}</span>
          </>
        )
      }
    >
      {occurrence !== null && (
        <MoveForm
          key={occurrence.id}
          occurrence={occurrence}
          timeZone={timeZone}
          isPending={isPending}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      )}
    </Dialog>
  );
}

function MoveForm({
  occurrence,
  timeZone,
  isPending,
  onSubmit,
  onClose,
}: Omit<MoveOccurrenceDialogProps, 'occurrence'> & { occurrence: MovableOccurrence }) {
  const [date, setDate] = useState(() =>
    formatInZone(occurrence.scheduled_for, timeZone, 'yyyy-MM-dd'),
  );
  const [time, setTime] = useState(() => formatInZone(occurrence.scheduled_for, timeZone, 'HH:mm'));
  const [scope, setScope] = useState<MoveScope>('one');
  const [error, setError] = useState<string | undefined>();
  const now = useNow(60_000);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const iso = date === '' || time === '' ? null : zonedDateTimeToIso(date, time, timeZone);
    if (iso === null) return setError(SCHEDULE_MESSAGES.selectDateTime);
    if (Date.parse(iso) <= Date.now()) return setError(SCHEDULE_MESSAGES.futureDateTime);
    onSubmit(new Date(iso).toISOString(), occurrence.repeat_type === null ? 'one' : scope);
  }

  const invalid =
    error === undefined ? {} : { 'aria-invalid': true, 'aria-describedby': 'move-error' };
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id="move-date"
          label="Date"
          type="date"
          value={date}
          min={todayKey(now, timeZone)}
          onChange={(event) => {
            setDate(event.target.value);
            setError(undefined);
          }}
          {...invalid}
        />
        <TextField
          id="move-time"
          label="Time"
          type="time"
          value={time}
          onChange={(event) => {
            setTime(event.target.value);
            setError(undefined);
          }}
          {...invalid}
        />
      </div>
      {error !== undefined && (
        <p id="move-error" role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {occurrence.repeat_type !== null && (
        <fieldset>
          <legend className="text-sm font-medium text-gray-900">
            {OCCURRENCE_MESSAGES.scopeQuestion}
          </legend>
          <div className="mt-2 space-y-2">
            {(
              [
                ['one', OCCURRENCE_MESSAGES.onlyThisOne],
                ['following', OCCURRENCE_MESSAGES.thisAndFollowing],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm text-gray-800">
                <input
                  type="radio"
                  name="move-scope"
                  value={value}
                  checked={scope === value}
                  onChange={() => setScope(value)}
                  className="size-4 accent-brand-600"
                />
                {label}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="secondary" onClick={onClose} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" isLoading={isPending} loadingText="Moving...">
          {OCCURRENCE_MESSAGES.move}
        </Button>
      </div>
    </form>
  );
}
