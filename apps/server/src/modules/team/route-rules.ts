import { API_PATHS, type TeamRole } from '@cadence/shared';

/**
 * Who may call each signed-in route in a workspace: the least role it needs, or `personal`
 * for a route that acts on the caller's own account whatever workspace is chosen (profile,
 * password, sign-out, notifications, the admin panel). A read (GET) without a rule is open
 * to every member; a write without a rule is the owner's alone, and the table test in
 * test/team-roles.int.test.ts fails on any write route missing here, so a new route states
 * its rule. One place for the whole app.
 */
export type RouteRule = TeamRole | 'personal' | 'public';

const P = API_PATHS;
const rule = (method: string, path: string) => `${method} ${path}`;

export const ROUTE_RULES: Readonly<Record<string, RouteRule>> = {
  // Signing in and out, the caller's own account.
  [rule('POST', P.signUp)]: 'public',
  [rule('POST', P.signIn)]: 'public',
  [rule('POST', P.submitOtp)]: 'public',
  [rule('POST', P.resendOtp)]: 'public',
  [rule('POST', P.stripeWebhook)]: 'public',
  [rule('POST', P.signOut)]: 'personal',
  [rule('PATCH', P.updatePassword)]: 'personal',
  [rule('GET', P.customer)]: 'personal',
  [rule('PUT', P.customerUpdate)]: 'personal',
  [rule('GET', P.notifications)]: 'personal',
  [rule('PUT', P.notifications)]: 'personal',
  [rule('GET', P.notificationEvents)]: 'personal',
  [rule('POST', P.notificationEventsRead)]: 'personal',
  [rule('GET', P.teamWorkspaces)]: 'personal',
  [rule('POST', P.teamInvitationAccept)]: 'personal',
  [rule('GET', P.teamInvitationByToken)]: 'public',
  // A client's review link: no account, the token is the key.
  [rule('GET', P.review)]: 'public',
  [rule('POST', P.reviewApprove)]: 'public',
  [rule('POST', P.reviewRequestChanges)]: 'public',

  // The owner's alone: billing, the team, the workspace itself.
  [rule('GET', P.subscriptionPlans)]: 'owner',
  [rule('POST', P.subscriptionPreview)]: 'owner',
  [rule('POST', P.orders)]: 'owner',
  [rule('GET', P.order)]: 'owner',
  [rule('POST', P.testCheckout)]: 'owner',
  [rule('GET', P.customerSubscription)]: 'owner',
  [rule('POST', P.cancelSubscription)]: 'owner',
  [rule('POST', P.resumeSubscription)]: 'owner',
  [rule('GET', P.billingHistory)]: 'owner',
  [rule('GET', P.exportData)]: 'owner',
  [rule('DELETE', P.deleteAccount)]: 'owner',
  [rule('POST', P.teamInvitations)]: 'owner',
  [rule('DELETE', P.teamInvitation)]: 'owner',
  [rule('PATCH', P.teamMember)]: 'owner',
  [rule('PUT', P.teamBranding)]: 'owner',
  [rule('DELETE', P.teamMember)]: 'owner',

  // Managers: entities, networks, the workspace's settings, keys and webhooks.
  [rule('POST', P.companies)]: 'manager',
  [rule('PUT', P.company)]: 'manager',
  [rule('DELETE', P.company)]: 'manager',
  [rule('POST', P.companyLogo)]: 'manager',
  [rule('PUT', P.companyQueue)]: 'manager',
  [rule('POST', P.aiCompanyDescription)]: 'manager',
  [rule('POST', P.socialAuthenticate)]: 'manager',
  [rule('POST', P.socialSave)]: 'manager',
  [rule('POST', P.socialDisconnect)]: 'manager',
  [rule('POST', P.socialOAuthStart)]: 'manager',
  [rule('POST', P.socialOAuthComplete)]: 'manager',
  [rule('PUT', P.settings)]: 'manager',
  [rule('POST', P.apiKeys)]: 'manager',
  [rule('DELETE', P.apiKey)]: 'manager',
  [rule('POST', P.webhooks)]: 'manager',
  [rule('PATCH', P.webhook)]: 'manager',
  [rule('DELETE', P.webhook)]: 'manager',
  [rule('POST', P.webhookTest)]: 'manager',
  [rule('POST', P.webhookRotateSecret)]: 'manager',
  [rule('POST', P.webhookRedeliver)]: 'manager',
  [rule('POST', P.postApprove)]: 'manager',
  [rule('POST', P.postRequestChanges)]: 'manager',
  [rule('POST', P.companyReviewLinks)]: 'manager',
  [rule('DELETE', P.reviewLink)]: 'manager',

  // Editors: posts and their scheduling, and the writing helpers.
  [rule('POST', P.posts)]: 'editor',
  [rule('POST', P.postMedia)]: 'editor',
  [rule('PATCH', P.post)]: 'editor',
  [rule('DELETE', P.post)]: 'editor',
  [rule('POST', P.postQueue)]: 'editor',
  [rule('POST', P.postImport)]: 'editor',
  [rule('POST', P.postSubmit)]: 'editor',
  [rule('POST', P.postComments)]: 'editor',
  [rule('PATCH', P.scheduleOccurrence)]: 'editor',
  [rule('POST', P.schedules)]: 'editor',
  [rule('DELETE', P.schedule)]: 'editor',
  [rule('POST', P.schedulesBulkDelete)]: 'editor',
  [rule('POST', P.publicationRetry)]: 'editor',
  [rule('POST', P.publicationConfirmAbsent)]: 'editor',
  [rule('POST', P.publicationMarkPublished)]: 'editor',
  [rule('POST', P.publicationPublishNow)]: 'editor',
  [rule('POST', P.publicationPartRetry)]: 'editor',
  [rule('POST', P.aiPostFromUrl)]: 'editor',
  [rule('POST', P.aiHashtags)]: 'editor',
  [rule('POST', P.aiEnhance)]: 'editor',
  [rule('POST', P.aiGenerate)]: 'editor',
  [rule('POST', P.shorten)]: 'editor',
};

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The rule of a route by its method and its path under /api (as registered, with :params).
 * Admin routes act on the caller's own account (their admin right is theirs).
 */
export function routeRuleOf(method: string, path: string): RouteRule {
  const found = ROUTE_RULES[rule(method === 'HEAD' ? 'GET' : method, path)];
  if (found) return found;
  if (path === '/admin' || path.startsWith('/admin/')) return 'personal';
  return READ_METHODS.has(method) ? 'viewer' : 'owner';
}
