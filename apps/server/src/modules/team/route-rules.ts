import { ACTION_ROLES, API_PATHS, type TeamRole } from '@cadence/shared';

/**
 * Who may call each signed-in route in a workspace: the least role it needs, or `personal`
 * for a route that acts on the caller's own account whatever workspace is chosen (profile,
 * password, sign-out, notifications, the admin panel). A read (GET) without a rule is open
 * to every member; a write without a rule is the owner's alone, and the table test in
 * test/team-roles.int.test.ts fails on any write route missing here, so a new route states
 * its rule. One place for the whole app: each write's role comes from the shared
 * `ACTION_ROLES` (shared/roles.ts), which the web's `can` reads too, so the buttons the web
 * offers a role are the routes the server lets it call.
 */
export type RouteRule = TeamRole | 'personal' | 'public';

const P = API_PATHS;
const A = ACTION_ROLES;
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
  [rule('GET', P.subscriptionPlans)]: A.billing,
  [rule('POST', P.subscriptionPreview)]: A.billing,
  [rule('POST', P.orders)]: A.billing,
  [rule('GET', P.order)]: A.billing,
  [rule('POST', P.testCheckout)]: A.billing,
  [rule('GET', P.customerSubscription)]: A.billing,
  [rule('POST', P.cancelSubscription)]: A.billing,
  [rule('POST', P.resumeSubscription)]: A.billing,
  [rule('GET', P.billingHistory)]: A.billing,
  [rule('GET', P.exportData)]: A.ownAccount,
  [rule('DELETE', P.deleteAccount)]: A.ownAccount,
  [rule('POST', P.teamInvitations)]: A.manageTeam,
  [rule('DELETE', P.teamInvitation)]: A.manageTeam,
  [rule('PATCH', P.teamMember)]: A.manageTeam,
  [rule('PUT', P.teamBranding)]: A.branding,
  [rule('DELETE', P.teamMember)]: A.manageTeam,

  // Managers: entities, networks, the workspace's settings, keys and webhooks.
  [rule('POST', P.companies)]: A.manageEntities,
  [rule('PUT', P.company)]: A.manageEntities,
  [rule('DELETE', P.company)]: A.manageEntities,
  [rule('POST', P.companyLogo)]: A.manageEntities,
  [rule('PUT', P.companyQueue)]: A.manageEntities,
  [rule('POST', P.aiCompanyDescription)]: A.manageEntities,
  [rule('POST', P.socialAuthenticate)]: A.connectNetworks,
  [rule('POST', P.socialSave)]: A.connectNetworks,
  [rule('POST', P.socialDisconnect)]: A.connectNetworks,
  [rule('POST', P.socialOAuthStart)]: A.connectNetworks,
  [rule('POST', P.socialOAuthComplete)]: A.connectNetworks,
  [rule('PUT', P.settings)]: A.manageWorkspace,
  [rule('POST', P.apiKeys)]: A.manageWorkspace,
  [rule('DELETE', P.apiKey)]: A.manageWorkspace,
  [rule('POST', P.webhooks)]: A.manageWorkspace,
  [rule('PATCH', P.webhook)]: A.manageWorkspace,
  [rule('DELETE', P.webhook)]: A.manageWorkspace,
  [rule('POST', P.webhookTest)]: A.manageWorkspace,
  [rule('POST', P.webhookRotateSecret)]: A.manageWorkspace,
  [rule('POST', P.webhookRedeliver)]: A.manageWorkspace,
  [rule('POST', P.postApprove)]: A.approvePosts,
  [rule('POST', P.postRequestChanges)]: A.approvePosts,
  [rule('POST', P.companyReviewLinks)]: A.manageEntities,
  [rule('DELETE', P.reviewLink)]: A.manageEntities,

  // Editors: posts and their scheduling, and the writing helpers.
  [rule('POST', P.posts)]: A.writePosts,
  [rule('POST', P.postMedia)]: A.writePosts,
  [rule('PATCH', P.post)]: A.writePosts,
  [rule('DELETE', P.post)]: A.writePosts,
  [rule('POST', P.postQueue)]: A.writePosts,
  [rule('POST', P.postImport)]: A.writePosts,
  [rule('POST', P.postSubmit)]: A.writePosts,
  [rule('POST', P.postComments)]: A.writePosts,
  [rule('PATCH', P.scheduleOccurrence)]: A.writePosts,
  [rule('POST', P.schedules)]: A.writePosts,
  [rule('DELETE', P.schedule)]: A.writePosts,
  [rule('POST', P.schedulesBulkDelete)]: A.writePosts,
  [rule('POST', P.publicationRetry)]: A.writePosts,
  [rule('POST', P.publicationConfirmAbsent)]: A.writePosts,
  [rule('POST', P.publicationMarkPublished)]: A.writePosts,
  [rule('POST', P.publicationPublishNow)]: A.writePosts,
  [rule('POST', P.publicationPartRetry)]: A.writePosts,
  [rule('POST', P.aiPostFromUrl)]: A.writePosts,
  [rule('POST', P.aiHashtags)]: A.writePosts,
  [rule('POST', P.aiEnhance)]: A.writePosts,
  [rule('POST', P.aiGenerate)]: A.writePosts,
  [rule('POST', P.shorten)]: A.writePosts,
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
