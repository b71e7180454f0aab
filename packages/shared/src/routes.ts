/** Screens of the web app (spec 001, route table). */
export const ROUTES = {
  login: '/login',
  home: '/',
  companies: '/companies',
  posts: '/posts',
  /** Bulk scheduling: posts from a CSV file. */
  postsImport: '/posts/import',
  scheduling: '/scheduling',
  analytics: '/analytics',
  subscriptions: '/subscriptions',
  paymentSuccess: '/payment-success',
  paymentFailed: '/payment-failed',
  settings: '/settings',
  admin: '/admin/subscriptions',
  testCheckout: '/checkout/test/:orderId',
  receipt: '/receipts/:orderId',
  /** An invitation's link (mailed): sign in or sign up, then join the workspace. */
  invite: '/invite/:token',
  /** A client's review link (no account). */
  review: '/review/:token',
} as const;

/** Every API path, relative to `/api`: the one registry the server, the web app and e2e use. */
export const API_PATHS = {
  signUp: '/customer/auth/sign-up',
  signIn: '/customer/auth/sign-in',
  submitOtp: '/customer/auth/submit-otp',
  resendOtp: '/customer/auth/resend-otp',
  signOut: '/customer/auth/sign-out',
  me: '/customer/me',
  companies: '/customer/company',
  company: '/customer/company/:id',
  /** The entity's posting queue: its time zone and weekly slots. */
  companyQueue: '/customer/company/:id/queue',
  companyLogo: '/customer/company/logo',
  aiCompanyDescription: '/ai/company-description',
  socialAuthenticate: '/social-accounts/authenticate',
  socialSave: '/social-accounts/save',
  socialDisconnect: '/social-accounts/disconnect',
  socialOAuthConfig: '/social-accounts/oauth',
  socialOAuthStart: '/social-accounts/oauth/:network/start',
  socialOAuthCallback: '/social-accounts/oauth/:network/callback',
  socialOAuthChoices: '/social-accounts/oauth/:network/choices/:id',
  socialOAuthComplete: '/social-accounts/oauth/:network/complete',
  health: '/health',
  posts: '/customer/post',
  post: '/customer/post/:id',
  /** Schedules the post at its entity's next open queue slot. */
  postQueue: '/customer/post/:id/queue',
  /** This month's posts made against the plan's allowance. */
  postUsage: '/customer/post/usage',
  /** One media file stored for a post's network (multipart, field `media`): its upload id. */
  postMedia: '/customer/post/media',
  /** Posts from a CSV file (multipart, field `file`); `?dry_run=true` checks only. */
  postImport: '/customer/post/import',
  aiPostFromUrl: '/ai/post-from-url',
  aiHashtags: '/ai/hashtags',
  aiEnhance: '/ai/enhance',
  aiGenerate: '/ai/generate',
  shorten: '/shortener',
  searchNews: '/search/news',
  searchWeb: '/search/web',
  searchArticles: '/search/articles',
  schedules: '/schedules',
  schedule: '/schedules/:id',
  schedulesBulkDelete: '/schedules/bulk-delete',
  schedulesCalendar: '/schedules/calendar',
  scheduleOccurrences: '/schedules/occurrences',
  scheduleOccurrence: '/schedules/occurrences/:id',
  publicationRetry: '/publications/:id/retry',
  /** Retry a thread part or a first comment that failed (or was found absent). */
  publicationPartRetry: '/publication-parts/:id/retry',
  publicationConfirmAbsent: '/publications/:id/confirm-absent',
  publicationMarkPublished: '/publications/:id/mark-published',
  publicationPublishNow: '/publications/:id/publish-now',
  settings: '/customer/settings',
  logs: '/customer/logs',
  customer: '/customer',
  customerUpdate: '/customer/update',
  updatePassword: '/customer/update-password',
  apiLogs: '/customer/api-logs',
  // The bell and the Notifications section of Settings.
  notifications: '/customer/notifications',
  notificationEvents: '/customer/notifications/events',
  notificationEventsRead: '/customer/notifications/events/read',
  // The Your Data section of Settings (deleting is DELETE on the profile's path).
  storage: '/customer/storage',
  exportData: '/customer/export',
  deleteAccount: '/customer',
  subscriptionPlans: '/subscriptions',
  subscriptionPreview: '/subscriptions/preview',
  orders: '/orders',
  order: '/orders/:id',
  testCheckout: '/checkout/test/:id',
  customerSubscription: '/customer/subscription',
  cancelSubscription: '/customer/cancel-subscription/:subscription_plan_id',
  resumeSubscription: '/customer/resume-subscription/:subscription_plan_id',
  billingHistory: '/customer/billing-history',
  stripeWebhook: '/payments/stripe/webhook',
  // The admin panel: every /admin route checks the admin role on the server.
  adminSettings: '/admin/settings',
  adminDeployment: '/admin/deployment',
  adminServices: '/admin/services',
  adminPublisherAction: '/admin/services/publisher/:action',
  adminStats: '/admin/stats',
  adminLogs: '/admin/logs',
  adminUsers: '/admin/users',
  adminUser: '/admin/users/:id',
  adminUserAdminAccess: '/admin/users/:id/admin',
  adminUserSubscription: '/admin/users/:id/subscription',
  adminPlans: '/admin/plans',
  adminPlan: '/admin/plans/:id',
  adminPriceHistory: '/admin/price-history',
  // Settings > Developer Info: the customer's API keys (signed in with the web session).
  apiKeys: '/customer/api-keys',
  apiKey: '/customer/api-keys/:id',
  /** The calls made to the public API with the customer's keys (newest first). */
  apiKeyCalls: '/customer/api-keys/calls',
  // Webhook endpoints: the web app's (session) and the public API's (key), one service.
  webhooks: '/customer/webhooks',
  webhook: '/customer/webhooks/:id',
  webhookTest: '/customer/webhooks/:id/test',
  webhookRotateSecret: '/customer/webhooks/:id/rotate-secret',
  webhookDeliveries: '/customer/webhooks/:id/deliveries',
  webhookRedeliver: '/customer/webhooks/:id/deliveries/:delivery_id/redeliver',
  /** Read by every signed-in person, for the banner before a planned deployment. */
  publicDeployment: '/deployment',
  // Workspaces and members.
  teamWorkspaces: '/team/workspaces',
  teamMembers: '/team/members',
  teamMember: '/team/members/:id',
  teamInvitations: '/team/invitations',
  teamInvitation: '/team/invitations/:id',
  teamInvitationByToken: '/team/invitations/:token',
  teamInvitationAccept: '/team/invitations/:token/accept',
  // Approvals: a post's review, its comments, and the entity's review links for clients.
  postReview: '/customer/post/:id/review',
  postSubmit: '/customer/post/:id/submit',
  postApprove: '/customer/post/:id/approve',
  postRequestChanges: '/customer/post/:id/request-changes',
  postComments: '/customer/post/:id/comments',
  companyReviewLinks: '/customer/company/:id/review-links',
  reviewLink: '/customer/review-links/:id',
  /** The client's side of a review link: no account, the token is the key. */
  review: '/review/:token',
  reviewApprove: '/review/:token/posts/:post_id/approve',
  reviewRequestChanges: '/review/:token/posts/:post_id/request-changes',
  /** The workspace's brand (white label), set by its owner. */
  teamBranding: '/team/branding',
} as const;

/**
 * The public API's paths, relative to `/api`, authenticated with an API key (`Authorization:
 * Bearer cad_...`): the server and the tests use them; the web app never calls them, so they
 * stay out of its bundle (a separate object is left out of a page that does not name it).
 */
export const PUBLIC_API_PATHS = {
  v1Me: '/v1/me',
  v1Media: '/v1/media',
  v1MediaFromUrl: '/v1/media/from-url',
  v1OpenApi: '/v1/openapi.json',
  v1Entities: '/v1/entities',
  v1Entity: '/v1/entities/:id',
  v1EntityConnections: '/v1/entities/:id/connections',
  v1Posts: '/v1/posts',
  v1Post: '/v1/posts/:id',
  v1PostSchedule: '/v1/posts/:id/schedule',
  v1PostMetrics: '/v1/posts/:id/metrics',
  v1PublicationPublishNow: '/v1/publications/:id/publish-now',
  v1PublicationRetry: '/v1/publications/:id/retry',
  v1PublicationConfirmAbsent: '/v1/publications/:id/confirm-absent',
  v1PublicationMarkPublished: '/v1/publications/:id/mark-published',
  v1Webhooks: '/v1/webhooks',
  v1Webhook: '/v1/webhooks/:id',
  v1WebhookTest: '/v1/webhooks/:id/test',
  v1WebhookRotateSecret: '/v1/webhooks/:id/rotate-secret',
  v1WebhookDeliveries: '/v1/webhooks/:id/deliveries',
  v1WebhookRedeliver: '/v1/webhooks/:id/deliveries/:delivery_id/redeliver',
} as const;

/** Public redirect of the built-in shortener (outside /api). */
export const SHORT_LINK_PREFIX = '/s/';

export const TOKEN_STORAGE_KEY = 'token';
