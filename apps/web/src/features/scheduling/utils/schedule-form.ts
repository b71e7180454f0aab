import type { NetworkId, Post, RepeatType, ScheduleCreate } from '@cadence/shared';
import {
  isScheduleDateInFuture,
  measurePostLength,
  NETWORK_TEXT_NAMES,
  networkHasMedia,
  POST_VARIANT_MESSAGES,
  SCHEDULE_MESSAGES,
  ScheduleCreateSchema,
  textForNetwork,
} from '@cadence/shared';
import { dayRange, zonedDateTimeToIso } from '../../../lib/zoned-time';

export interface ScheduleFormValues {
  platforms: NetworkId[];
  /** 'yyyy-MM-dd' from the Date input. */
  date: string;
  /** 'HH:mm' from the Time input. */
  time: string;
  repeat: RepeatType | 'none';
  /** 'yyyy-MM-dd', only read when repeating. */
  repeatUntil: string;
}

export type ScheduleFormErrors = Partial<Record<'platforms' | 'dateTime' | 'repeatUntil', string>>;

export type ScheduleFormResult =
  { ok: true; payload: ScheduleCreate } | { ok: false; errors: ScheduleFormErrors };

/** Which of the dialog's messages a field of the request answers to. */
const FIELD_OF: Partial<Record<PropertyKey, keyof ScheduleFormErrors>> = {
  social_account_type: 'platforms',
  schedule_date: 'dateTime',
  repeat_until: 'repeatUntil',
};

/**
 * Builds the request from the dialog's values and checks it with the shared schedule schema
 * (the server's own rules and messages): the date and time are read in `zone`, and a repeat
 * runs until the end of its last day in that zone. The one rule the schema cannot hold, a
 * first time later than `now`, is the shared `isScheduleDateInFuture`. Faults in what the
 * person cannot change here (the post, the zone) go on to the server, which names them.
 */
export function buildScheduleRequest(
  postId: string,
  values: ScheduleFormValues,
  zone: string,
  now: number,
): ScheduleFormResult {
  const scheduleDate =
    values.date === '' || values.time === ''
      ? null
      : zonedDateTimeToIso(values.date, values.time, zone);
  const payload: ScheduleCreate = {
    social_account_type: values.platforms,
    post_id: postId,
    schedule_date: scheduleDate ?? '',
    timezone: zone,
    ...(values.repeat === 'none'
      ? {}
      : {
          repeat_type: values.repeat,
          repeat_until: dayRange(values.repeatUntil, zone)?.to ?? null,
        }),
  };

  const errors: ScheduleFormErrors = {};
  const checked = ScheduleCreateSchema.safeParse(payload);
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const field = FIELD_OF[issue.path[0] ?? ''];
      if (field !== undefined) errors[field] ??= issue.message;
    }
  }
  if (
    errors.dateTime === undefined &&
    scheduleDate !== null &&
    !isScheduleDateInFuture(scheduleDate, now)
  ) {
    errors.dateTime = SCHEDULE_MESSAGES.futureDateTime;
  }
  // Only the dialog's own fields stop it here; the server answers anything else in a toast.
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, payload };
}

/**
 * The connected networks whose text this post would be refused for (its own text there, else
 * the shared one; the link counted where the network puts it), each with the words the
 * Schedule dialog shows.
 */
export function overLimitNetworks(
  post: Pick<
    Post,
    'content' | 'variants' | 'url' | 'shortened_url' | 'url_shortened' | 'attachments'
  >,
  networks: readonly NetworkId[],
): Array<{ network: NetworkId; message: string }> {
  const link = post.url_shortened && post.shortened_url ? post.shortened_url : post.url;
  const hasMedia = post.attachments.length > 0;
  return networks.flatMap((network) => {
    const measured = measurePostLength(network, textForNetwork(post, network), {
      link,
      hasMedia: networkHasMedia(post.variants, network, hasMedia),
    });
    if (!measured.isOver) return [];
    const name = NETWORK_TEXT_NAMES[network];
    return [
      {
        network,
        message: POST_VARIANT_MESSAGES.overLimitInDialog(name, measured.length, measured.limit),
      },
    ];
  });
}
