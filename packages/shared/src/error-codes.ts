import { z } from 'zod/mini';

/**
 * Every `code` an API error body can carry: stable for programs (the web app, tests,
 * scripts), unlike `message`, which is for people and may be reworded. One list, grouped
 * by area; a branch that needs a new code adds it to its area's group (or a new group).
 */
export const ERROR_CODES = [
  // Any route (the framework's answers and the shared checks)
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'INVALID_JSON',
  'NUL_CHARACTER',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'NOT_ACCEPTABLE',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'RATE_LIMITED',
  'INTERNAL_ERROR',
  'DATABASE_UNAVAILABLE',
  'SERVER_BUSY',
  // Accounts and sessions
  'SIGN_IN_REQUIRED',
  'SESSION_EXPIRED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'SIGN_IN_CODE_REQUIRED',
  'OTP_MISSING',
  'OTP_INVALID',
  'OTP_EXPIRED',
  'OTP_BURNED',
  'OTP_RESEND_LOCKED',
  'MAIL_FAILED',
  // Companies (entities)
  'COMPANY_NOT_FOUND',
  'COMPANY_LIMIT',
  'LOGO_MISSING',
  'LOGO_TYPE',
  'LOGO_TOO_LARGE',
  'LOGO_TOO_SMALL',
  'LOGO_SVG_ACTIVE',
  'LOGO_SVG_TOO_COMPLEX',
  // Network connections
  'UNSUPPORTED_NETWORK',
  'MISSING_CREDENTIALS',
  'NETWORK_NOT_CONNECTED',
  'NETWORK_NOT_ON_PLAN',
  'NETWORK_REJECTED',
  'NETWORK_RATE_LIMITED',
  'NETWORK_UNAVAILABLE',
  'NETWORK_FAILED',
  'PAGE_NOT_MANAGED',
  'OAUTH_NOT_CONFIGURED',
  'OAUTH_CHOICE_NOT_FOUND',
  // Posts and media
  'POST_NOT_FOUND',
  'POST_REQUIRED_FIELDS',
  'POST_MONTHLY_LIMIT',
  'POST_TEXT_OVER_LIMIT',
  'VARIANT_MEDIA_NOT_FOUND',
  'VARIANT_MEDIA_REFUSED',
  'MEDIA_TYPE',
  'MEDIA_TOO_LARGE',
  // Schedules
  'SCHEDULE_NOT_FOUND',
  'POST_HAS_NO_ENTITY',
  'NO_NETWORKS',
  'INSTAGRAM_NEEDS_MEDIA',
  'DATE_NOT_IN_FUTURE',
  'REPEAT_UNTIL_REQUIRED',
  'REPEAT_UNTIL_BEFORE_START',
  'UNKNOWN_TIME_ZONE',
  'BAD_RANGE',
  'RANGE_TOO_LONG',
  // Moving an occurrence on the calendar: it moved or began publishing since it was shown
  'STALE',
  // Publications: the screen's actions (retry, confirm-absent, mark-published, publish-now)
  'PUBLICATION_NOT_FOUND',
  'PART_NOT_FOUND',
  'PUBLICATION_STATE_CHANGED',
  'LINK_NOT_ON_NETWORK',
  // AI writing and reading pages
  'AI_NOT_CONFIGURED',
  'AI_NOT_ON_PLAN',
  'AI_NO_HASHTAGS',
  'AI_FAILED',
  'AI_EMPTY_ANSWER',
  'INVALID_URL',
  'FETCH_BLOCKED',
  'FETCH_FAILED',
  'PAGE_UNREADABLE',
  // Search
  'NEWS_NOT_CONFIGURED',
  'WEB_NOT_CONFIGURED',
  'SEARCH_NOT_CONFIGURED',
  'SEARCH_FAILED',
  // Plans and billing
  'USER_NOT_FOUND',
  'PLAN_NOT_FOUND',
  'PLAN_IS_FREE',
  'PLAN_IS_QUOTED',
  'INTERVAL_NOT_FOUND',
  'ALREADY_ON_PLAN',
  'ORDER_NOT_FOUND',
  'ORDER_NOT_PENDING',
  'TEST_CHECKOUT_DISABLED',
  'NO_SUBSCRIPTION',
  'WRONG_PLAN',
  'ALREADY_CANCELLING',
  'NOT_CANCELLING',
  'PAYMENT_PROVIDER_FAILED',
  'WEBHOOK_SIGNATURE',
  'WEBHOOK_MALFORMED',
  'STRIPE_NOT_CONFIGURED',
  // Shortener
  'SHORT_LINK_NOT_FOUND',
  // Settings: profile, avatar and password change
  'AVATAR_TYPE',
  'AVATAR_TOO_LARGE',
  'AVATAR_TOO_SMALL',
  'AVATAR_TOO_MANY_PIXELS',
  'AVATAR_UNREADABLE',
  'WRONG_PASSWORD',
  // Settings: uploads, notifications, export and account deletion
  'UPLOAD_RATE_LIMITED',
  'STORAGE_FULL',
  'ACCOUNT_NOT_FOUND',
  // Admin panel
  'ADMIN_ONLY',
  'LAST_ADMIN',
  'UNKNOWN_SETTING',
  'SETTING_OUT_OF_RANGE',
  'SALE_NOT_BELOW_PRICE',
  'DEPLOYMENT_IN_PAST',
  // API keys and the public API (/api/v1)
  'PLAN_LIMIT',
  'API_KEY_NOT_FOUND',
  'UNAUTHENTICATED',
  'INSUFFICIENT_SCOPE',
  'IDEMPOTENCY_KEY_INVALID',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_IN_USE',
  'MEDIA_MISSING',
  // The posting queue
  'NO_OPEN_SLOT',
  // Bulk scheduling from a file
  'IMPORT_INVALID',
  'INVALID_CURSOR',
  'PRECONDITION_FAILED',
  'POST_ALREADY_SENT',
  'MEDIA_NOT_FOUND',
  'MEDIA_IN_USE',
  // Webhooks
  'WEBHOOK_NOT_FOUND',
  'WEBHOOK_DELIVERY_NOT_FOUND',
  'WEBHOOK_URL_INVALID',
  'WEBHOOK_LIMIT',
  'WEBHOOK_DISABLED',
  // Workspaces and members
  'NOT_A_MEMBER',
  'FORBIDDEN_ROLE',
  'INVITATION_NOT_FOUND',
  'INVITATION_NOT_YOURS',
  'MEMBER_NOT_FOUND',
  'ALREADY_MEMBER',
  'ALREADY_INVITED',
  // Approvals, review links and white label
  'SELF_APPROVAL',
  'NOT_APPROVED',
  'REVIEW_STATE_CHANGED',
  'REVIEW_NOT_NEEDED',
  'REVIEW_LINK_NOT_FOUND',
  'CONTRAST_TOO_LOW',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorCodeSchema = z.enum(ERROR_CODES);

/**
 * The code a schema check answers with, when it is more telling than VALIDATION_FAILED:
 * `.refine(check, { message, ...issueCode('UNKNOWN_TIME_ZONE') })`. The server's error
 * handler sends the code of the first such issue.
 */
export function issueCode(code: ErrorCode) {
  return { params: { code } };
}
