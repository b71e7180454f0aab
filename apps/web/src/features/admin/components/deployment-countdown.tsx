import { API_PATHS, ADMIN_MESSAGES } from '@cadence/shared';
import { useQuery } from '@tanstack/react-query';
import { Rocket } from 'lucide-react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { useNow } from '../../../hooks/use-now';
import { useUserSettings } from '../../../lib/queries/user-settings';
import { formatInZone, fromLocalDateTime, resolveTimeZone } from '../../../lib/zoned-time';
import { deploymentQuery, useSetDeployment } from '../api/admin-api';
import { formatHms } from '../utils/format';
import { toastApiError } from '../../../components/ui/error-toast';

/** `instant` as a datetime-local input's value, in the browser's time (what the input shows). */
function toDateTimeLocal(instant: number): string {
  const local = new Date(instant - new Date(instant).getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** Under this many seconds the countdown turns yellow (spec 001 section 9). */
const WARNING_SECONDS = 5 * 60;

/** 'Next Deployment in: hh:mm:ss', ticking each second, with a form to set or clear it. */
export function DeploymentCountdown() {
  const deployment = useQuery(deploymentQuery(API_PATHS.adminDeployment));
  const settings = useUserSettings();
  // The admin countdown defaults to UTC, not the browser's zone (spec 001 section 9).
  const zone = resolveTimeZone(settings.data?.timezone, undefined);
  const now = useNow(1000);
  const setDeployment = useSetDeployment();
  const [draft, setDraft] = useState('');
  const [draftError, setDraftError] = useState<string>();

  // A failed load is logged and clears the countdown (spec 001 section 8).
  const at = deployment.isError ? null : (deployment.data?.next_deployment ?? null);
  const secondsLeft = at === null ? 0 : Math.max(0, Math.floor((Date.parse(at) - now) / 1000));
  const isSoon = at !== null && secondsLeft < WARNING_SECONDS;

  const save = (value: string | null) =>
    setDeployment.mutate(value, {
      onSuccess: () => {
        toast.success(value === null ? 'Next deployment cleared' : 'Next deployment saved');
        setDraft('');
      },
      onError: (error) => toastApiError(error, 'Failed to save the next deployment'),
    });

  return (
    <div
      className={cn(
        'rounded-xl border p-4',
        isSoon ? 'border-yellow-300 bg-yellow-50' : 'border-gray-200 bg-gray-50',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Rocket
          className={cn('size-5', isSoon ? 'text-yellow-700' : 'text-brand-600')}
          aria-hidden="true"
        />
        {at === null ? (
          <p className="text-sm font-medium text-gray-700">No scheduled deployments</p>
        ) : (
          <>
            <p className="text-sm font-medium text-gray-700">
              Next Deployment in:{' '}
              <span
                className={cn(
                  'font-mono text-base font-semibold',
                  isSoon ? 'text-yellow-800' : 'text-gray-900',
                )}
                data-testid="deployment-countdown"
              >
                {formatHms(secondsLeft)}
              </span>
            </p>
            <p className="text-sm text-gray-600" title="Scheduled deployment time in your timezone">
              {formatInZone(at, zone, 'MMM d, yyyy h:mm a')} ({zone})
            </p>
          </>
        )}
      </div>
      <form
        // Our own message for a past time, not the browser's bubble.
        noValidate
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          // Read in the zone the deployment time is shown in, not the browser's.
          const instant = fromLocalDateTime(draft, zone);
          if (instant === null) return;
          if (Date.parse(instant) <= Date.now()) {
            setDraftError(ADMIN_MESSAGES.deploymentInPast);
            return;
          }
          save(instant);
        }}
      >
        <label className="text-sm text-gray-700">
          <span className="block text-xs font-medium text-gray-600">
            Set the next deployment ({zone})
          </span>
          <input
            type="datetime-local"
            value={draft}
            min={toDateTimeLocal(now)}
            onChange={(event) => {
              setDraft(event.target.value);
              setDraftError(undefined);
            }}
            aria-invalid={draftError !== undefined || undefined}
            aria-describedby={draftError === undefined ? undefined : 'deployment-draft-error'}
            className="mt-1 h-9 rounded-lg border border-gray-300 px-2 text-sm focus-visible:outline-2 focus-visible:outline-brand-600"
          />
        </label>
        <Button
          type="submit"
          size="sm"
          variant="secondary"
          disabled={draft === '' || setDeployment.isPending}
        >
          Set
        </Button>
        {at !== null && (
          <Button
            size="sm"
            variant="ghost"
            disabled={setDeployment.isPending}
            onClick={() => save(null)}
          >
            Clear
          </Button>
        )}
        {draftError !== undefined && (
          <p id="deployment-draft-error" role="alert" className="w-full text-sm text-red-700">
            {draftError}
          </p>
        )}
      </form>
    </div>
  );
}
