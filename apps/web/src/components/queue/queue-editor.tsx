import type { Company, NetworkId, Queue, QueueSlot } from '@cadence/shared';
import {
  mergeSlots,
  NETWORK_NAMES,
  nextSlotTimes,
  QUEUE_MESSAGES,
  QueueUpdateSchema,
  WEEKDAY_NAMES,
  wallClockAt,
} from '@cadence/shared';
import { Plus, X } from 'lucide-react';
import type { FormEvent } from 'react';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useNow } from '../../hooks/use-now';
import { getConnectedNetworkIds } from '../../lib/connected-networks';
import { useSaveQueue } from '../../lib/queries/queue';
import { supportedTimeZones, zoneOptions } from '../../lib/time-zones';
import { formatInZone } from '../../lib/zoned-time';
import { Button } from '../ui/button';
import { toastApiError } from '../ui/error-toast';
import { SelectField } from '../ui/select-field';
import { TextField } from '../ui/text-field';

/** The week as the grid shows it: Monday first, Sunday last (ids stay 0 = Sunday). */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;
const SAVE_FAILED = 'Failed to save the queue';

interface QueueEditorProps {
  company: Pick<Company, 'id' | 'name' | 'social_credentials'>;
  /** The saved queue, as the server answered it. */
  queue: Queue;
  /** The instant the next slots count from (epoch ms); now unless a test says otherwise. */
  now?: number;
  /** After a save (the dialog closes: what was typed is kept). */
  onSaved?: () => void;
}

/** '09:00 · X, Bluesky' or '09:00 · All networks'. */
function networksLabel(networks: readonly NetworkId[] | null): string {
  return networks === null
    ? 'All networks'
    : networks.map((network) => NETWORK_NAMES[network]).join(', ');
}

/** 'Monday, Mar 2, 2026 9:00 AM' in `zone`. */
export function slotTimeText(instant: number, zone: string): string {
  const wall = wallClockAt(instant, zone);
  const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
  return `${WEEKDAY_NAMES[weekday] ?? ''}, ${formatInZone(instant, zone)}`;
}

/**
 * An entity's posting queue: its time zone, a weekly grid of slot times (each optionally for
 * some networks only), and the next slot times in that zone, worked out with the shared
 * arithmetic the server uses. Nothing is saved until 'Save queue'.
 */
export function QueueEditor({ company, queue, now, onSaved }: QueueEditorProps) {
  const save = useSaveQueue(company.id);
  const connected = getConnectedNetworkIds(company);
  const [timezone, setTimezone] = useState(queue.timezone);
  const [slots, setSlots] = useState<QueueSlot[]>(() => mergeSlots(queue.slots));
  const [weekday, setWeekday] = useState(1);
  const [time, setTime] = useState('09:00');
  const [onlyFor, setOnlyFor] = useState<NetworkId[]>([]);
  const [timeError, setTimeError] = useState<string | undefined>();
  const allZones = useMemo(() => zoneOptions(supportedTimeZones(), new Date()), []);
  // Some 400 options: built again only when the zone changes, not on every keystroke.
  const zoneField = useMemo(() => {
    const zones = allZones.some((option) => option.zone === timezone)
      ? allZones
      : [...zoneOptions([timezone], new Date()), ...allZones];
    return (
      <SelectField
        id="queue-timezone"
        label="Time zone"
        hint="Slots are clock times in this zone: 09:00 stays 09:00 when daylight saving starts or ends."
        value={timezone}
        onChange={(event) => setTimezone(event.target.value)}
      >
        {zones.map((option) => (
          <option key={option.zone} value={option.zone}>
            {option.label}
          </option>
        ))}
      </SelectField>
    );
  }, [allZones, timezone]);
  // The list moves on as slots pass (checked every minute).
  const clockNow = useNow(60_000);
  const from = now ?? clockNow;
  const next = useMemo(() => nextSlotTimes(slots, timezone, from), [slots, timezone, from]);

  function addSlot(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = QueueUpdateSchema.shape.slots.safeParse([
      { weekday, time, networks: onlyFor.length === 0 ? null : onlyFor },
    ]);
    if (!checked.success) {
      setTimeError(checked.error.issues[0]?.message ?? QUEUE_MESSAGES.badTime);
      return;
    }
    setTimeError(undefined);
    setSlots((old) => mergeSlots([...old, ...checked.data]));
  }

  const removeSlot = (gone: QueueSlot) =>
    setSlots((old) =>
      old.filter((slot) => slot.weekday !== gone.weekday || slot.time !== gone.time),
    );

  function submit() {
    save.mutate(
      { timezone, slots },
      {
        onSuccess: () => {
          toast.success(QUEUE_MESSAGES.saved);
          onSaved?.();
        },
        onError: (error) => toastApiError(error, SAVE_FAILED),
      },
    );
  }

  return (
    <div className="space-y-6">
      {zoneField}

      <section aria-labelledby="queue-week-heading">
        <h3 id="queue-week-heading" className="text-sm font-semibold text-gray-900">
          Weekly slots
        </h3>
        <ul className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2 lg:grid-cols-7">
          {WEEK_ORDER.map((day) => {
            const dayName = WEEKDAY_NAMES[day];
            const daySlots = slots.filter((slot) => slot.weekday === day);
            return (
              <li
                key={day}
                aria-labelledby={`queue-day-${day}`}
                className="rounded-lg border border-gray-200 bg-white p-2"
              >
                <h4 id={`queue-day-${day}`} className="text-xs font-semibold text-gray-700">
                  {dayName}
                </h4>
                {daySlots.length === 0 ? (
                  <p className="mt-1 text-xs text-gray-600">No slots</p>
                ) : (
                  <ul aria-label={`${dayName} slots`} className="mt-1 space-y-1">
                    {daySlots.map((slot) => (
                      <li
                        key={slot.time}
                        className="flex items-start justify-between gap-1 rounded-md bg-brand-50 px-2 py-1 text-xs text-brand-900"
                      >
                        <span>
                          <span className="font-semibold tabular-nums">{slot.time}</span>
                          <span className="block text-brand-800">
                            {networksLabel(slot.networks)}
                          </span>
                        </span>
                        <button
                          type="button"
                          aria-label={`Remove ${dayName} ${slot.time}`}
                          onClick={() => removeSlot(slot)}
                          className="-m-1 inline-flex size-6 shrink-0 items-center justify-center rounded text-brand-800 hover:bg-brand-100 focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none"
                        >
                          <X className="size-3.5" aria-hidden="true" />
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ul>
      </section>

      <form
        aria-label="Add a slot"
        noValidate
        onSubmit={addSlot}
        className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-3"
      >
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          <SelectField
            id="queue-weekday"
            label="Day"
            value={String(weekday)}
            onChange={(event) => setWeekday(Number(event.target.value))}
          >
            {WEEK_ORDER.map((day) => (
              <option key={day} value={day}>
                {WEEKDAY_NAMES[day]}
              </option>
            ))}
          </SelectField>
          <TextField
            id="queue-time"
            label="Time"
            type="time"
            value={time}
            onChange={(event) => {
              setTime(event.target.value);
              setTimeError(undefined);
            }}
            error={timeError}
          />
        </div>
        {connected.length > 0 && (
          <fieldset>
            <legend className="text-sm font-medium text-gray-800">
              Only for these networks (optional; none ticked: every network)
            </legend>
            <div className="mt-1.5 flex flex-wrap gap-x-4 gap-y-2">
              {connected.map((network) => (
                <label key={network} className="flex items-center gap-2 text-sm text-gray-700">
                  <input
                    type="checkbox"
                    checked={onlyFor.includes(network)}
                    onChange={() =>
                      setOnlyFor((old) =>
                        old.includes(network)
                          ? old.filter((item) => item !== network)
                          : connected.filter((item) => item === network || old.includes(item)),
                      )
                    }
                    className="size-4 rounded border-gray-300 accent-brand-600"
                  />
                  {NETWORK_NAMES[network]}
                </label>
              ))}
            </div>
          </fieldset>
        )}
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          icon={<Plus className="size-4" aria-hidden="true" />}
        >
          Add time
        </Button>
      </form>

      <section aria-labelledby="queue-next-heading">
        <h3 id="queue-next-heading" className="text-sm font-semibold text-gray-900">
          Next slots (in {timezone})
        </h3>
        {next.length === 0 ? (
          <p className="mt-1 text-sm text-gray-600">
            No slots yet: add a time above. A post added to the queue takes the next open slot.
          </p>
        ) : (
          <ol aria-label="Next slots" className="mt-1 space-y-0.5 text-sm text-gray-700">
            {next.map((instant) => (
              <li key={instant}>
                <time dateTime={new Date(instant).toISOString()}>
                  {slotTimeText(instant, timezone)}
                </time>
              </li>
            ))}
          </ol>
        )}
      </section>

      <div className="flex justify-end">
        <Button onClick={submit} isLoading={save.isPending} loadingText="Saving...">
          Save queue
        </Button>
      </div>
    </div>
  );
}
