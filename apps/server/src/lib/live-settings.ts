import { SETTING_KEYS, type SettingKey } from '@cadence/shared';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { adminSettings } from '../db/schema/admin.js';

export interface SettingDefinition {
  key: SettingKey;
  min: number;
  max: number;
  unit: string;
  description: string;
  /** The value a fresh instance starts with: the environment's, where there is one. */
  defaultValue: (config: Config) => number;
}

/**
 * The settings an operator tunes while the instance runs. Each is read live (see
 * `createLiveSettings`) by the part it steers; the environment only seeds the first value.
 */
export const SETTING_DEFINITIONS: Record<SettingKey, SettingDefinition> = {
  publish_concurrency_per_network: {
    key: 'publish_concurrency_per_network',
    min: 1,
    max: 200,
    unit: 'calls',
    description:
      'The most calls in flight to one social network from one worker process (a ceiling: each account gets PUBLISH_CONCURRENCY_PER_ACCOUNT, the process PUBLISH_MAX_IN_FLIGHT; seeded from PUBLISH_CONCURRENCY_PER_NETWORK).',
    defaultValue: (config) => config.publisher.concurrencyPerNetwork,
  },
  publish_missed_after_minutes: {
    key: 'publish_missed_after_minutes',
    min: 1,
    max: 10_080,
    unit: 'minutes',
    description:
      'A post found this much later than its time (after downtime or a stopped publisher) is marked missed instead of published late (seeded from PUBLISH_MISSED_AFTER_MINUTES).',
    defaultValue: (config) => Math.round(config.publisher.missedAfterMs / 60_000),
  },
  publish_retry_base_ms: {
    key: 'publish_retry_base_ms',
    min: 0,
    max: 3_600_000,
    unit: 'ms',
    description:
      'Wait before the first retry of a failed network call; doubled per retry, with jitter, never less than the network asks (seeded from PUBLISH_RETRY_BASE_MS).',
    defaultValue: (config) => config.publisher.retryBaseMs,
  },
  publish_retry_window_minutes: {
    key: 'publish_retry_window_minutes',
    min: 1,
    max: 10_080,
    unit: 'minutes',
    description:
      "How long after a post's time a network's passing faults (errors on its side, rate limits, timeouts) are retried before the post is marked failed; refusals (credentials, content) fail at once (seeded from PUBLISH_RETRY_WINDOW_MINUTES).",
    defaultValue: (config) => Math.round(config.publisher.retryWindowMs / 60_000),
  },
  ai_requests_per_hour: {
    key: 'ai_requests_per_hour',
    min: 1,
    max: 10_000,
    unit: 'requests',
    description: 'AI requests one customer may make per hour, over all AI features together.',
    defaultValue: () => 180,
  },
  sign_in_attempts_per_10_minutes: {
    key: 'sign_in_attempts_per_10_minutes',
    min: 1,
    max: 10_000,
    unit: 'attempts',
    description:
      'Sign-in, sign-up and code attempts allowed from one network address per 10 minutes, per action.',
    defaultValue: () => 30,
  },
  x_metrics_enabled: {
    key: 'x_metrics_enabled',
    min: 0,
    max: 1,
    unit: 'on (1) / off (0)',
    description:
      "Read the likes, replies, reposts and impressions of posts published on X. Each read is billed by X: the posts' numbers are read hourly at first and then less often, up to 100 posts per billed call, and each account's followers once a day.",
    defaultValue: () => 1,
  },
};

export type SettingValues = Record<SettingKey, number>;

export interface LiveSettings {
  /** Every setting's current value, at most `ttlMs` old. */
  read(): Promise<SettingValues>;
  /** The last values read (defaults before the first read); for code that cannot wait. */
  current(): SettingValues;
  /** Forget the cache: the next read goes to the database. */
  invalidate(): void;
}

/**
 * Settings read from `admin_settings` with a short cache, so a change made in the admin
 * panel reaches every process within `ttlMs` without a restart. A failed read keeps the
 * last values.
 */
export function createLiveSettings(
  db: Db,
  config: Config,
  options: { ttlMs?: number } = {},
): LiveSettings {
  const ttlMs = options.ttlMs ?? config.settingsCacheSeconds * 1000;
  let values = Object.fromEntries(
    SETTING_KEYS.map((key) => [key, SETTING_DEFINITIONS[key].defaultValue(config)]),
  ) as SettingValues;
  let readAt = -Infinity;
  let pending: Promise<SettingValues> | undefined;

  async function load(): Promise<SettingValues> {
    try {
      const rows = await db
        .select({ key: adminSettings.key, value: adminSettings.value })
        .from(adminSettings);
      const next = { ...values };
      for (const row of rows) {
        if ((SETTING_KEYS as readonly string[]).includes(row.key)) {
          next[row.key as SettingKey] = Number(row.value.value);
        }
      }
      values = next;
      readAt = Date.now();
    } catch {
      // keep the last values; the next read tries again
    }
    return values;
  }

  return {
    read() {
      if (Date.now() - readAt < ttlMs) return Promise.resolve(values);
      pending ??= load().finally(() => (pending = undefined));
      return pending;
    },
    current: () => values,
    invalidate() {
      readAt = -Infinity;
    },
  };
}
