import { SETTINGS_MESSAGES } from '@cadence/shared';
import { Info } from 'lucide-react';
import { useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { useUserSettings } from '../../../lib/queries/user-settings';
import { browserTimeZone, resolveTimeZone } from '../../../lib/zoned-time';
import { useSaveUserSettings } from '../api/save-user-settings';
import { filterZones, supportedTimeZones, zoneOptions } from '../../../lib/time-zones';
import { toastApiError } from '../../../components/ui/error-toast';

const SAVE_FAILED = 'Failed to save timezone settings';

export function TimezoneSection() {
  const settings = useUserSettings();
  // Timezone load failure is only logged (spec 001 section 8): the defaults apply.
  if (settings.isPending) return <p className="text-sm text-gray-600">Loading time zone...</p>;
  return (
    <TimezoneForm
      savedZone={settings.data?.timezone ?? null}
      savedAutoDst={settings.data?.auto_dst ?? true}
    />
  );
}

function TimezoneForm({
  savedZone,
  savedAutoDst,
}: {
  savedZone: string | null;
  savedAutoDst: boolean;
}) {
  const save = useSaveUserSettings();
  const options = useMemo(() => zoneOptions(supportedTimeZones(), new Date()), []);
  const [zone, setZone] = useState(() => resolveTimeZone(savedZone, browserTimeZone()));
  const [autoDst, setAutoDst] = useState(savedAutoDst);
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const found = filterZones(options, query);
    // The chosen zone stays in the list, so the select never shows a value it lacks (a saved
    // alias such as Asia/Calcutta may be missing from this browser's list of canonical names).
    if (found.some((option) => option.zone === zone)) return found;
    const chosen =
      options.find((option) => option.zone === zone) ?? zoneOptions([zone], new Date())[0];
    return chosen ? [chosen, ...found] : found;
  }, [options, query, zone]);

  function submit() {
    save.mutate(
      { timezone: zone, auto_dst: autoDst },
      {
        onSuccess: () => toast.success(SETTINGS_MESSAGES.saved),
        onError: (error) => toastApiError(error, SAVE_FAILED),
      },
    );
  }

  return (
    <div className="grid max-w-2xl gap-4">
      <div>
        <label htmlFor="timezone-search" className="block text-sm font-medium text-gray-800">
          Search time zones
        </label>
        <input
          id="timezone-search"
          type="search"
          placeholder="City, region or UTC offset"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className="mt-1.5 block h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm focus:border-brand-500 focus:ring-3 focus:ring-brand-500/20 focus:outline-none"
        />
      </div>
      <div>
        <label htmlFor="timezone-select" className="block text-sm font-medium text-gray-800">
          Time zone
        </label>
        <select
          id="timezone-select"
          size={8}
          value={zone}
          onChange={(event) => setZone(event.target.value)}
          className="mt-1.5 block w-full rounded-lg border border-gray-300 bg-white p-1 text-sm focus:border-brand-500 focus:ring-3 focus:ring-brand-500/20 focus:outline-none"
        >
          {shown.map((option) => (
            <option key={option.zone} value={option.zone} className="rounded px-2 py-1">
              {option.label}
            </option>
          ))}
        </select>
        <p className="mt-1.5 text-xs text-gray-600">
          {savedZone
            ? `Saved: ${savedZone}.`
            : 'Not saved yet: your browser’s zone applies, else UTC.'}
        </p>
      </div>
      <label className="flex items-start gap-3 text-sm text-gray-800">
        <input
          type="checkbox"
          checked={autoDst}
          onChange={(event) => setAutoDst(event.target.checked)}
          className="mt-0.5 size-5 rounded border-gray-300 text-brand-600 focus:ring-brand-500"
        />
        <span>
          <span className="font-medium">Automatically adjust post times for daylight saving</span>
          <span className="block text-gray-600">
            On: a daily or weekly repeat keeps its clock time (9:00 stays 9:00). Off: repeats keep
            an exact 24-hour or 7-day interval, so their clock time moves by an hour when daylight
            saving starts or ends.
          </span>
        </span>
      </label>
      <p className="flex gap-2 rounded-lg bg-brand-50 p-3 text-sm text-brand-900">
        <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        Changing the zone does not move posts already scheduled: each keeps its moment in time, and
        its displayed time changes to the new zone. New schedules use the new zone.
      </p>
      <div>
        <Button onClick={submit} isLoading={save.isPending} loadingText="Saving...">
          Save Timezone
        </Button>
      </div>
    </div>
  );
}
