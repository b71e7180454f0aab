/**
 * Approvals' door: a post's review (submit, approve, request changes), its comments, review
 * links for clients, and the one place permission decisions of these are taken. Publishing
 * embeds `clearedToSend` in its claim; posts calls `sendBackToReview` when an approved post
 * changes.
 */
export {
  createApprovalsService,
  hashReviewToken,
  type ApprovalsService,
  type ReviewNotice,
} from './approvals.service.js';
export { registerApprovalRoutes } from './approvals.routes.js';
export { clearedToSend, isCleared, sendBackToReview } from './approvals.repository.js';
export {
  actorOf,
  assertAllowed,
  canApprove,
  canSetApproval,
  permission,
  type Actor,
} from './permissions.js';
