import type { NetworkId, Post, RepeatType } from '@cadence/shared';
import {
  NETWORK_TEXT_NAMES,
  POST_CUSTOMIZE_PARAM,
  POST_VARIANT_MESSAGES,
  SCHEDULE_MESSAGES,
  postPagePath,
} from '@cadence/shared';
import { Globe, PlugZap } from 'lucide-react';
import { Link } from 'react-router';
import type { FormEvent } from 'react';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { Button } from '../../../components/ui/button';
import { SelectField } from '../../../components/ui/select-field';
import { TextField } from '../../../components/ui/text-field';
import { useCreateSchedule } from '../api/create-schedule';
import { useFeatures } from '../../../hooks/use-features';
import { useNow } from '../../../hooks/use-now';
import type { ScheduleFormErrors, ScheduleFormValues } from '../utils/schedule-form';
import { buildScheduleRequest, overLimitNetworks } from '../utils/schedule-form';
import { scheduleQuickTimes, todayKey } from '../../../lib/zoned-time';
import { socialsHref } from '../../../lib/entity-links';
import { PlatformPicker, unavailableReason } from '../../../components/entities/platform-picker';
import { toastApiError } from '../../../components/ui/error-toast';

interface ScheduleFormProps {
  post: Post;
  networks: NetworkId[];
  /** Why this post cannot be scheduled at all, e.g. it has no entity. */
  blockedReason: string | null;
  timeZone: string;
  onClose: () => void;
}

export function ScheduleForm({
  post,
  networks,
  blockedReason,
  timeZone,
  onClose,
}: ScheduleFormProps) {
  const createSchedule = useCreateSchedule();
  // The ready-made times are fixed when the dialog opens; the first is the default.
  const { scheduleInAMinute } = useFeatures();
  const [quickTimes] = useState(() =>
    scheduleQuickTimes(Date.now(), timeZone, { inAMinute: scheduleInAMinute }),
  );
  // Networks that would refuse this post's text (its own for the network, else the shared
  // one): not ticked, and the dialog says so and offers to customize the text for them.
  const [overLimit] = useState(() => overLimitNetworks(post, networks));
  const [values, setValues] = useState<ScheduleFormValues>(() => ({
    // Every connected network that can take this post, already ticked.
    platforms: networks.filter(
      (network) =>
        unavailableReason(network, post.attachments.length > 0) === null &&
        !overLimit.some((problem) => problem.network === network),
    ),
    date: quickTimes[0]?.date ?? '',
    time: quickTimes[0]?.time ?? '',
    repeat: 'none',
    repeatUntil: '',
  }));
  const [errors, setErrors] = useState<ScheduleFormErrors>({});
  const minDate = todayKey(useNow(60_000), timeZone);
  const unavailable =
    blockedReason ?? (networks.length === 0 ? SCHEDULE_MESSAGES.noNetworks : null);

  // One message under both inputs; each input still says it is the one at fault.
  const dateTimeInvalid =
    errors.dateTime === undefined
      ? {}
      : { 'aria-invalid': true, 'aria-describedby': 'schedule-date-time-error' };

  const update = (patch: Partial<ScheduleFormValues>) => {
    setValues((old) => ({ ...old, ...patch }));
    // A message goes once the person changes what it was about.
    setErrors((old) => ({
      ...old,
      ...('platforms' in patch ? { platforms: undefined } : {}),
      ...('date' in patch || 'time' in patch ? { dateTime: undefined } : {}),
      ...('repeat' in patch || 'repeatUntil' in patch || 'date' in patch
        ? { repeatUntil: undefined }
        : {}),
    }));
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (unavailable !== null) return;
    const result = buildScheduleRequest(post.id, values, timeZone, Date.now());
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    createSchedule.mutate(result.payload, {
      onSuccess: () => {
        toast.success(SCHEDULE_MESSAGES.scheduled);
        onClose();
      },
      onError: (error) => {
        toastApiError(error, SCHEDULE_MESSAGES.scheduleFailed);
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-5">
      <div>
        <p className="text-sm font-medium text-gray-800">Post</p>
        <p className="mt-1.5 line-clamp-4 rounded-lg bg-gray-50 px-3 py-2 text-sm leading-6 break-words whitespace-pre-line text-gray-700 ring-1 ring-gray-200">
          {post.content}
        </p>
      </div>

      {unavailable !== null ? (
        <div
          role="alert"
          className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          <PlugZap className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <div>
            <p>{unavailable}</p>
            {blockedReason === null && post.company_id !== null && (
              <Link
                to={socialsHref(post.company_id)}
                onClick={onClose}
                className="mt-1 inline-flex min-h-6 items-center font-semibold text-amber-950 underline underline-offset-2"
              >
                Connect a network for this entity
              </Link>
            )}
          </div>
        </div>
      ) : (
        <PlatformPicker
          networks={networks}
          value={values.platforms}
          onChange={(platforms) => update({ platforms })}
          error={errors.platforms}
          hasMedia={post.attachments.length > 0}
        />
      )}
      {unavailable === null && overLimit.length > 0 && (
        <ul role="status" aria-label="Over the network's limit" className="space-y-2">
          {overLimit.map((problem) => (
            <li
              key={problem.network}
              className="flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
            >
              <span className="flex-1">{problem.message}</span>
              <Link
                to={`${postPagePath(post.id)}&${POST_CUSTOMIZE_PARAM}=${problem.network}`}
                onClick={onClose}
                className="inline-flex min-h-6 items-center font-semibold text-amber-950 underline underline-offset-2"
              >
                {POST_VARIANT_MESSAGES.customize(NETWORK_TEXT_NAMES[problem.network])}
              </Link>
            </li>
          ))}
        </ul>
      )}

      <div role="group" aria-label="Quick times" className="flex flex-wrap gap-2">
        {quickTimes.map((quick) => {
          const isChosen = values.date === quick.date && values.time === quick.time;
          return (
            <Button
              key={quick.id}
              size="sm"
              variant={isChosen ? 'soft' : 'secondary'}
              aria-pressed={isChosen}
              onClick={() => update({ date: quick.date, time: quick.time })}
            >
              {quick.label}
            </Button>
          );
        })}
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id="schedule-date"
          label="Date"
          type="date"
          min={minDate}
          value={values.date}
          onChange={(event) => update({ date: event.target.value })}
          {...dateTimeInvalid}
        />
        <TextField
          id="schedule-time"
          label="Time"
          type="time"
          value={values.time}
          onChange={(event) => update({ time: event.target.value })}
          {...dateTimeInvalid}
        />
      </div>
      {errors.dateTime !== undefined && (
        <p id="schedule-date-time-error" role="alert" className="-mt-3 text-xs text-red-600">
          {errors.dateTime}
        </p>
      )}
      <p className="-mt-2 flex items-center gap-1.5 text-xs text-gray-600">
        <Globe className="size-3.5" aria-hidden="true" />
        Times are in {timeZone}
      </p>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <SelectField
          id="schedule-repeat"
          label="Repeat"
          value={values.repeat}
          onChange={(event) => update({ repeat: event.target.value as RepeatType | 'none' })}
        >
          <option value="none">Does not repeat</option>
          <option value="daily">Daily</option>
          <option value="weekly">Weekly</option>
          <option value="monthly">Monthly</option>
        </SelectField>
        {values.repeat !== 'none' && (
          <TextField
            id="schedule-repeat-until"
            label="Repeat until"
            type="date"
            min={values.date === '' ? minDate : values.date}
            value={values.repeatUntil}
            onChange={(event) => update({ repeatUntil: event.target.value })}
            error={errors.repeatUntil}
          />
        )}
      </div>

      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button
          type="submit"
          disabled={unavailable !== null}
          isLoading={createSchedule.isPending}
          loadingText="Scheduling..."
        >
          Schedule
        </Button>
      </div>
    </form>
  );
}
