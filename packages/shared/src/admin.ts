import { z } from 'zod/mini';
import { TierSchema } from './plans.js';

const PAST_TENSE = { start: 'started', stop: 'stopped', restart: 'restarted' } as const;

export const ADMIN_MESSAGES = {
  onlyAdmins: 'Only admins can perform this action',
  notAuthenticated: 'Not authenticated',
  noPermission: "You don't have permission to view this section.",
  settingsFetched: 'Settings fetched',
  settingsSaved: 'Settings saved successfully',
  deploymentInPast: 'Choose a deployment time in the future',
  unknownSetting: (key: string) => `There is no setting named ${key}`,
  settingOutOfRange: (label: string, min: number, max: number, unit: string) =>
    `${label} must be between ${min} and ${max}${unit ? ` ${unit}` : ''}`,
  deploymentFetched: 'Next deployment fetched',
  deploymentSaved: 'Next deployment saved',
  deploymentCleared: 'Next deployment cleared',
  servicesFetched: 'Services fetched',
  serviceNotFound: 'Only the publisher can be started, stopped or restarted',
  serviceActionDone: (action: PublisherAction) => `Service ${PAST_TENSE[action]} successfully`,
  statsFetched: 'Dashboard statistics fetched',
  logsFetched: 'System logs fetched',
  usersFetched: 'Users fetched',
  userFetched: 'User details fetched',
  userNotFound: 'User not found',
  adminGranted: 'Admin access granted',
  adminRemoved: 'Admin access removed',
  lastAdmin: 'At least one admin must remain',
  subscriptionUpdated: 'Subscription updated successfully',
  planNotFound: 'Plan not found',
  plansFetched: 'Subscription plans fetched',
  planUpdated: 'Plan updated successfully',
  saleNotBelowPrice: 'The sale price must be lower than the regular price',
  priceHistoryFetched: 'Price history fetched',
} as const;

/** Toasts of the admin screen, worded as spec 001 section 8 words them. */
export const ADMIN_TOASTS = {
  loadSettingsFailed: 'Failed to load settings',
  settingsSaved: 'Settings saved successfully',
  saveSettingsFailed: 'Failed to save settings',
  loadPlansFailed: 'Failed to load subscription plans',
  planUpdated: 'Plan updated successfully',
  updatePlanFailed: 'Failed to update plan',
  loadPriceHistoryFailed: 'Failed to load price history',
  servicesRefreshed: 'Services refreshed',
  refreshServicesFailed: 'Failed to refresh services',
  serviceActionDone: (action: PublisherAction) => `Service ${PAST_TENSE[action]} successfully`,
  serviceActionFailed: (action: PublisherAction) => `Failed to ${action} service`,
  loadStatsFailed: 'Failed to load dashboard statistics',
  loadLogsFailed: 'Failed to load system logs',
  subscriptionUpdated: 'Subscription updated successfully',
  updateSubscriptionFailed: 'Failed to update subscription',
  loadUserFailed: 'Failed to load user details',
  loadUsersFailed: 'Failed to load users',
  adminGranted: 'Admin access granted',
  adminRemoved: 'Admin access removed',
  updateAdminFailed: 'Failed to update admin status',
} as const;

/** The settings an operator tunes live; each is read by the part of the instance it steers. */
export const SETTING_KEYS = [
  'publish_concurrency_per_network',
  'publish_missed_after_minutes',
  'publish_retry_base_ms',
  'publish_retry_window_minutes',
  'ai_requests_per_hour',
  'sign_in_attempts_per_10_minutes',
  'x_metrics_enabled',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];

/** How the Admin panel and its messages name each setting: words people say, not the key. */
const SETTING_LABELS: Record<SettingKey, string> = {
  publish_concurrency_per_network: 'Publishing concurrency per network',
  publish_missed_after_minutes: 'Missed-post cutoff',
  publish_retry_base_ms: 'First retry delay',
  publish_retry_window_minutes: 'Retry window',
  ai_requests_per_hour: 'AI requests per hour',
  sign_in_attempts_per_10_minutes: 'Sign-in attempts per 10 minutes',
  x_metrics_enabled: 'X metrics reads',
};

/**
 * What an on/off setting (one whose range is 0-1) says under its switch: what turning it on
 * costs or does, read before it is changed.
 */
export const SETTING_SWITCH_HINTS: Partial<Record<SettingKey, string>> = {
  x_metrics_enabled:
    'Each read is billed by X. Off: the numbers and followers of X posts and accounts are not read.',
};

/** Words kept as people write them when a key has no label of its own. */
const LABEL_WORDS: Readonly<Record<string, string>> = {
  ai: 'AI',
  api: 'API',
  url: 'URL',
  ms: 'ms',
};

/** A setting's readable label: 'ai_requests_per_hour' -> 'AI requests per hour'. */
export function settingLabel(key: string): string {
  const known = (SETTING_LABELS as Record<string, string | undefined>)[key];
  if (known !== undefined) return known;
  const words = key
    .split('_')
    .filter(Boolean)
    .map((word) => LABEL_WORDS[word] ?? word);
  const sentence = words.join(' ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

export const AdminSettingSchema = z.object({
  id: z.string(),
  key: z.string(),
  value: z.object({ value: z.number(), min: z.number(), max: z.number(), unit: z.string() }),
  description: z.string(),
  updated_at: z.string(),
});
export type AdminSetting = z.infer<typeof AdminSettingSchema>;

export const AdminSettingsUpdateSchema = z.object({
  settings: z
    .array(
      z.object({
        key: z
          .string({ error: 'Each setting needs a key' })
          .check(z.minLength(1, 'Each setting needs a key')),
        value: z.number({ error: 'Each setting value must be a number' }),
      }),
      { error: 'settings must be a list of {key, value}' },
    )
    .check(z.minLength(1, 'Send at least one setting'))
    .check(z.maxLength(50, 'At most 50 settings at once')),
});
export type AdminSettingsUpdate = z.infer<typeof AdminSettingsUpdateSchema>;

export const DeploymentSchema = z.object({ next_deployment: z.nullable(z.string()) });
export type Deployment = z.infer<typeof DeploymentSchema>;
export const DeploymentUpdateSchema = z.object({
  next_deployment: z.iso.datetime({
    offset: true,
    error: 'next_deployment must be an ISO date-time',
  }),
});

export const PUBLISHER_ACTIONS = ['start', 'stop', 'restart'] as const;
export type PublisherAction = (typeof PUBLISHER_ACTIONS)[number];
export const PublisherActionParamsSchema = z.object({
  action: z.enum(PUBLISHER_ACTIONS, { error: 'Action must be start, stop or restart' }),
});

export const SERVICE_STATUSES = ['running', 'stopped', 'error'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const ServiceProcessSchema = z.object({
  id: z.string(),
  role: z.string(),
  host: z.string(),
  pid: z.number(),
  status: z.enum(SERVICE_STATUSES),
  uptime_seconds: z.number(),
  cpu_percent: z.number(),
  memory_mb: z.number(),
  last_beat: z.string(),
  in_flight: z.nullable(z.number()),
  done: z.nullable(z.number()),
});
export type ServiceProcess = z.infer<typeof ServiceProcessSchema>;

export const ServiceCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(SERVICE_STATUSES),
  last_checked: z.string(),
  uptime_seconds: z.nullable(z.number()),
  cpu_percent: z.nullable(z.number()),
  memory_mb: z.nullable(z.number()),
  /** `at`: an instant the value is about, shown before it in the viewer's saved zone. */
  details: z.array(z.object({ label: z.string(), value: z.string(), at: z.optional(z.string()) })),
  processes: z.array(ServiceProcessSchema),
  actions: z.array(z.enum(PUBLISHER_ACTIONS)),
});
export type ServiceCard = z.infer<typeof ServiceCardSchema>;

export const ServicesSchema = z.object({
  services: z.array(ServiceCardSchema),
  host: z.object({
    cpu_percent: z.number(),
    memory_used_mb: z.number(),
    memory_total_mb: z.number(),
  }),
});
export type Services = z.infer<typeof ServicesSchema>;

export const PUBLICATION_OUTCOMES = ['published', 'failed', 'missed', 'unconfirmed'] as const;
export const StatsSchema = z.object({
  total_posts: z.number(),
  scheduled_posts: z.number(),
  total_users: z.number(),
  api_calls: z.object({ openai: z.number(), networks: z.number(), other: z.number() }),
  publications_by_day: z.array(
    z.object({
      day: z.string(),
      published: z.number(),
      failed: z.number(),
      missed: z.number(),
      unconfirmed: z.number(),
    }),
  ),
});
export type Stats = z.infer<typeof StatsSchema>;

export const ADMIN_PAGE_SIZE_MAX = 100;
const pageFields = {
  page: z._default(
    z.coerce
      .number({ error: 'page must be a whole number' })
      .check(z.int('page must be a whole number'))
      .check(z.gte(1, 'page must be 1 or more'))
      .check(z.lte(100_000, 'page is too large')),
    1,
  ),
  pageSize: z._default(
    z.coerce
      .number({ error: 'pageSize must be a whole number' })
      .check(z.int('pageSize must be a whole number'))
      .check(z.gte(1, 'pageSize must be 1 or more'))
      .check(z.lte(ADMIN_PAGE_SIZE_MAX, `pageSize must be at most ${ADMIN_PAGE_SIZE_MAX}`)),
    25,
  ),
};
const searchField = z.optional(
  z.string().check(z.trim()).check(z.maxLength(200, 'Search text must be at most 200 characters')),
);

export const AdminLogsQuerySchema = z.object({
  status: z.optional(
    z.enum(['success', 'error', 'pending'], { error: 'Status must be success, error or pending' }),
  ),
  q: searchField,
  ...pageFields,
});
export type AdminLogsQuery = z.infer<typeof AdminLogsQuerySchema>;

export const AdminLogSchema = z.object({
  id: z.string(),
  kind: z.enum(['publishing', 'audit']),
  timestamp: z.string(),
  platform: z.string(),
  status: z.enum(['success', 'error', 'pending']),
  message: z.string(),
  error_code: z.nullable(z.string()),
  retry_count: z.number(),
  scheduled_for: z.nullable(z.string()),
  /** The workspace's owner (publishing rows) or the admin (audit rows). */
  customer_email: z.nullable(z.string()),
  /**
   * Publishing rows: the person the attempt was for (who pressed the action, else who
   * scheduled the post), a member of the workspace or its owner; null when unknown.
   */
  acted_by: z.optional(z.nullable(z.object({ name: z.nullable(z.string()), email: z.string() }))),
});
export type AdminLog = z.infer<typeof AdminLogSchema>;
export const AdminLogPageSchema = z.object({
  rows: z.array(AdminLogSchema),
  page: z.number(),
  pageSize: z.number(),
  hasMore: z.boolean(),
});
export type AdminLogPage = z.infer<typeof AdminLogPageSchema>;

export const AdminUsersQuerySchema = z.object({ q: searchField, ...pageFields });
export type AdminUsersQuery = z.infer<typeof AdminUsersQuerySchema>;

export const AdminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  created_at: z.string(),
  last_sign_in_at: z.nullable(z.string()),
  is_admin: z.boolean(),
  subscription: z.object({ tier: TierSchema, name: z.string() }),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserPageSchema = z.object({
  rows: z.array(AdminUserSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type AdminUserPage = z.infer<typeof AdminUserPageSchema>;

export const AdminUserDetailsSchema = z.extend(AdminUserSchema, {
  price_override: z.nullable(z.number()),
});
export type AdminUserDetails = z.infer<typeof AdminUserDetailsSchema>;

export const IdParamsSchema = z.object({ id: z.uuid({ error: 'Unknown id' }) });

/** Dollars with at most two decimals, never negative; null means none. */
export const dollarsField = (label: string) =>
  z.nullable(
    z
      .number({ error: `${label} must be a number` })
      .check(z.gte(0, `${label} must be 0 or more`))
      .check(z.lte(1_000_000, `${label} must be at most 1000000`))
      .check(
        z.refine(
          (value) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6,
          `${label} must have at most two decimals`,
        ),
      ),
  );

export const UserSubscriptionUpdateSchema = z.object({
  tier: TierSchema,
  price_override: z._default(z.optional(dollarsField('Custom price override')), null),
});
export type UserSubscriptionUpdate = z.infer<typeof UserSubscriptionUpdateSchema>;

export const AdminPlanSchema = z.object({
  id: z.string(),
  name: z.string(),
  tier: TierSchema,
  price: z.nullable(z.number()),
  sale_price: z.nullable(z.number()),
  sale_end_date: z.nullable(z.string()),
  highlight_points: z.array(z.string()),
  /** The public API (API keys, /api/v1) is on this plan. */
  has_api: z.boolean(),
  /** Bulk scheduling from a CSV file is on this plan. */
  has_bulk_scheduling: z.boolean(),
  /** Team members the plan includes (owner and open invitations count); null: unlimited. */
  max_members: z.nullable(z.number()),
  /** White label (the workspace's own brand) is on this plan. */
  has_white_label: z.boolean(),
});
export type AdminPlan = z.infer<typeof AdminPlanSchema>;

export const PlanUpdateSchema = z.object({
  price: dollarsField('Price'),
  sale_price: dollarsField('Sale price'),
  sale_end_date: z.nullable(
    z.iso.datetime({ offset: true, error: 'Sale end date must be an ISO date-time' }),
  ),
  highlight_points: z.pipe(
    z
      .array(
        z.string().check(z.maxLength(200, 'A highlight point must be at most 200 characters')),
        {
          error: 'Highlight points must be a list of text',
        },
      )
      .check(z.maxLength(30, 'At most 30 highlight points')),
    z.transform((points) => points.map((point) => point.trim()).filter(Boolean)),
  ),
  /** Absent: unchanged. */
  has_api: z.optional(z.boolean({ error: 'API access must be true or false' })),
  /** Absent: unchanged. */
  has_bulk_scheduling: z.optional(z.boolean({ error: 'Bulk scheduling must be true or false' })),
  /** Absent: unchanged; null: unlimited. */
  max_members: z.optional(
    z.nullable(
      z
        .number({ error: 'Team members must be a whole number, or empty for unlimited' })
        .check(z.int('Team members must be a whole number, or empty for unlimited'))
        .check(z.gte(1, 'Team members must be at least 1 (the owner)'))
        .check(z.lte(10_000, 'Team members must be at most 10000')),
    ),
  ),
  has_white_label: z.optional(z.boolean({ error: 'White label must be true or false' })),
});
export type PlanUpdate = z.input<typeof PlanUpdateSchema>;
export type PlanUpdateInput = z.output<typeof PlanUpdateSchema>;

export const PriceHistoryQuerySchema = z.object({ ...pageFields });
export const PriceHistoryEntrySchema = z.object({
  id: z.string(),
  plan_id: z.string(),
  plan_name: z.string(),
  old_price: z.nullable(z.number()),
  new_price: z.nullable(z.number()),
  old_sale_price: z.nullable(z.number()),
  new_sale_price: z.nullable(z.number()),
  changed_by: z.nullable(z.string()),
  changed_at: z.string(),
});
export type PriceHistoryEntry = z.infer<typeof PriceHistoryEntrySchema>;
export const PriceHistoryPageSchema = z.object({
  rows: z.array(PriceHistoryEntrySchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type PriceHistoryPage = z.infer<typeof PriceHistoryPageSchema>;
