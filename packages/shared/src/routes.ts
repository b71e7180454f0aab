/** Screens of the web app (spec 001, route table). */
export const ROUTES = {
  login: '/login',
  home: '/',
  companies: '/companies',
  posts: '/posts',
  scheduling: '/scheduling',
  subscriptions: '/subscriptions',
  paymentSuccess: '/payment-success',
  paymentFailed: '/payment-failed',
  settings: '/settings',
  admin: '/admin/subscriptions',
  testCheckout: '/checkout/test/:orderId',
  receipt: '/receipts/:orderId',
} as const;

/** Product API paths, relative to `/api`. */
export const API_PATHS = {
  signUp: '/customer/auth/sign-up',
  signIn: '/customer/auth/sign-in',
  submitOtp: '/customer/auth/submit-otp',
  resendOtp: '/customer/auth/resend-otp',
  me: '/customer/me',
  companies: '/customer/company',
  company: '/customer/company/:id',
  companyLogo: '/customer/company/logo',
  aiCompanyDescription: '/ai/company-description',
  socialAuthenticate: '/social-accounts/authenticate',
  socialSave: '/social-accounts/save',
  socialDisconnect: '/social-accounts/disconnect',
  health: '/health',
  posts: '/customer/post',
  post: '/customer/post/:id',
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
  settings: '/customer/settings',
  logs: '/customer/logs',
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
} as const;

/** Public redirect of the built-in shortener (outside /api). */
export const SHORT_LINK_PREFIX = '/s/';

export const TOKEN_STORAGE_KEY = 'token';
