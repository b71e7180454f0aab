import { z } from 'zod/mini';
import { NETWORK_IDS } from './networks.js';

/** Anchors of the Settings page that other screens and e-mails link to. */
export const SETTINGS_ANCHORS = {
  postLogs: 'post-logs',
  notifications: 'notifications',
  yourData: 'your-data',
  developerInfo: 'developer-info',
} as const;

/** The Entities page opens an entity's Socials dialog from `?socials=<companyId>`. */
export const SOCIALS_QUERY_PARAM = 'socials';

export const NotificationSettingsSchema = z.object({
  email_publication_failures: z.boolean(),
  email_reconnect: z.boolean(),
  /** Posts submitted for review, approved, or sent back with changes asked. */
  email_reviews: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const NotificationSettingsUpdateSchema = z.strictObject(
  {
    email_publication_failures: z.boolean({
      error: 'email_publication_failures must be true or false',
    }),
    email_reconnect: z.boolean({ error: 'email_reconnect must be true or false' }),
    /** Left out: unchanged. */
    email_reviews: z.optional(z.boolean({ error: 'email_reviews must be true or false' })),
  },
  { error: 'Send email_publication_failures and email_reconnect, each true or false' },
);

export const NOTIFICATION_EVENT_KINDS = [
  'publication_failed',
  'publication_unconfirmed',
  'connection_reconnect',
  'connection_expiring',
  'webhook_disabled',
  'post_submitted',
  'post_approved',
  'post_changes_requested',
] as const;
export type NotificationEventKind = (typeof NOTIFICATION_EVENT_KINDS)[number];

/** Events about a connection (reconnect now, or before its token expires): they link to its Socials dialog. */
export const isConnectionNotice = (kind: NotificationEventKind) =>
  kind === 'connection_reconnect' || kind === 'connection_expiring';

/** Events about a post's review: mailed per the `email_reviews` setting. */
export const isReviewNotice = (kind: NotificationEventKind) =>
  kind === 'post_submitted' || kind === 'post_approved' || kind === 'post_changes_requested';

export const NOTIFICATION_KIND_TITLES: Record<NotificationEventKind, string> = {
  publication_failed: 'A post was not published',
  publication_unconfirmed: 'A post may not have been published',
  connection_reconnect: 'A connection needs reconnecting',
  connection_expiring: 'A connection expires soon',
  webhook_disabled: 'A webhook endpoint was turned off',
  post_submitted: 'A post waits for your review',
  post_approved: 'Your post was approved',
  post_changes_requested: 'Your post needs changes',
};

export const NotificationEventSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_EVENT_KINDS),
  title: z.string(),
  message: z.string(),
  post_id: z.nullable(z.string()),
  company_id: z.nullable(z.string()),
  network: z.nullable(z.enum(NETWORK_IDS)),
  is_read: z.boolean(),
  created_at: z.string(),
});
export type NotificationEvent = z.infer<typeof NotificationEventSchema>;

export const NOTIFICATION_PAGE_SIZE_MAX = 50;

export const NotificationEventsQuerySchema = z.object({
  page: z._default(
    z.coerce
      .number({ error: 'page must be a whole number from 1' })
      .check(z.int('page must be a whole number from 1'))
      .check(z.gte(1, 'page must be a whole number from 1'))
      .check(z.lte(100_000, 'page is too large')),
    1,
  ),
  page_size: z._default(
    z.coerce
      .number({ error: `page_size must be a whole number from 1 to ${NOTIFICATION_PAGE_SIZE_MAX}` })
      .check(z.int(`page_size must be a whole number from 1 to ${NOTIFICATION_PAGE_SIZE_MAX}`))
      .check(z.gte(1, `page_size must be a whole number from 1 to ${NOTIFICATION_PAGE_SIZE_MAX}`))
      .check(
        z.lte(
          NOTIFICATION_PAGE_SIZE_MAX,
          `page_size must be a whole number from 1 to ${NOTIFICATION_PAGE_SIZE_MAX}`,
        ),
      ),
    10,
  ),
});

export const NotificationEventListSchema = z.object({
  rows: z.array(NotificationEventSchema),
  total: z.number().check(z.int()),
  unread: z.number().check(z.int()),
  page: z.number().check(z.int()),
  page_size: z.number().check(z.int()),
});
export type NotificationEventList = z.infer<typeof NotificationEventListSchema>;

export const MarkNotificationsReadSchema = z.union(
  [
    z.strictObject({
      ids: z
        .array(z.uuid({ error: 'Each id must be a notification id' }))
        .check(z.minLength(1, 'Send at least one id'))
        .check(z.maxLength(100, 'At most 100 ids at once')),
    }),
    z.strictObject({ all: z.literal(true, { error: 'all must be true' }) }),
  ],
  { error: 'Send {"ids": [...]} or {"all": true}' },
);
export type MarkNotificationsRead = z.infer<typeof MarkNotificationsReadSchema>;

export const StorageUsageSchema = z.object({
  used_bytes: z.number().check(z.int()),
  /** null: the plan has no limit. */
  allowed_bytes: z.nullable(z.number().check(z.int())),
  plan_name: z.string(),
});
export type StorageUsage = z.infer<typeof StorageUsageSchema>;

/** Uploads (logos, avatars, media) one account may make in the window below. */
export const UPLOAD_RATE_LIMIT = { max: 30, windowSeconds: 600 } as const;
/** A file nothing references is deleted once it is older than this. */
export const ORPHAN_UPLOAD_AGE_SECONDS = 3600;

export const DELETE_ACCOUNT_WORD = 'DELETE';

export const DeleteAccountSchema = z.strictObject(
  {
    password: z
      .string({ error: 'Enter your password' })
      .check(z.minLength(1, 'Enter your password'))
      .check(z.maxLength(200, 'Enter your password')),
    confirm: z.literal(DELETE_ACCOUNT_WORD, {
      error: `Type ${DELETE_ACCOUNT_WORD} to confirm`,
    }),
  },
  { error: 'Send your password and confirm: "DELETE"' },
);
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : Math.round(value * 10) / 10} ${units[unit]}`;
}

export const ACCOUNT_MESSAGES = {
  notificationsFetched: 'Notification settings fetched successfully',
  notificationsSaved: 'Notification settings saved',
  notificationsSaveFailed: 'Failed to save notification settings',
  eventsFetched: 'Notifications fetched successfully',
  eventsRead: 'Notifications marked as read',
  storageFetched: 'Storage usage fetched successfully',
  uploadRateLimited: (seconds: number) =>
    `Too many uploads. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
  storageFull: (allowed: string, planName: string) =>
    `This upload would exceed your storage allowance of ${allowed} on the ${planName} plan. Delete some media or logos, or upgrade your plan.`,
  exportFailed: 'Failed to export your data',
  exportStarted: 'Your export is downloading',
  accountDeleted: 'Your account has been deleted',
  accountDeleteFailed: 'Failed to delete your account',
  wrongPassword: 'The password is incorrect. Enter the password you sign in with.',
  lastAdmin: 'Grant admin to someone else first',
} as const;

/** Where the web app shows one post (the Posts page opens it from `?post=<id>`). */
export const POST_QUERY_PARAM = 'post';
/** With `post`: the network whose own text the editor opens ready to write ('Customize for X'). */
export const POST_CUSTOMIZE_PARAM = 'customize';
export const postPagePath = (postId: string) => `/posts?${POST_QUERY_PARAM}=${postId}`;
/** The Scheduling page with one post's Schedule dialog open (`?schedule=<postId>`). */
export const SCHEDULE_QUERY_PARAM = 'schedule';
export const schedulePostPath = (postId: string) => `/scheduling?${SCHEDULE_QUERY_PARAM}=${postId}`;
export const socialsDialogPath = (companyId: string) =>
  `/companies?${SOCIALS_QUERY_PARAM}=${companyId}`;
export const settingsSectionPath = (anchor: string) => `/settings#${anchor}`;
