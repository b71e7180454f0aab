import { APPROVAL_MESSAGES, BRANDING_MESSAGES, type TeamRole } from '@cadence/shared';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.js';
import { requireActor } from '../auth/index.js';

/** The person acting in a workspace, with their role there. */
export interface Actor {
  id: string;
  role: TeamRole;
  /** The entities that exist for them (null or absent: every one; lib/entity-scope.ts). */
  entityIds?: readonly string[] | null;
}

/** The person a request acts as, with their role in the workspace the request names. */
export function actorOf(request: FastifyRequest): Actor {
  const { id, role, entityIds } = requireActor(request);
  return { id, role, entityIds };
}

/** Everything the approvals, review links and branding let a person do. */
export type ReviewDecision =
  | 'read'
  | 'submit'
  | 'approve'
  | 'request_changes'
  | 'comment'
  | 'set_approval'
  | 'manage_review_links'
  | 'set_branding';

export type Permission =
  { allowed: true } | { allowed: false; message: string; code: 'FORBIDDEN_ROLE' | 'SELF_APPROVAL' };

const ALLOWED: Permission = { allowed: true };
const forbidden = (message: string = APPROVAL_MESSAGES.forbiddenRole): Permission => ({
  allowed: false,
  message,
  code: 'FORBIDDEN_ROLE',
});

/** The roles that may take each decision (before the post's own rule below). */
const ROLES_FOR: Record<ReviewDecision, readonly TeamRole[]> = {
  read: ['owner', 'manager', 'editor', 'viewer'],
  submit: ['owner', 'manager', 'editor'],
  comment: ['owner', 'manager', 'editor'],
  approve: ['owner', 'manager'],
  request_changes: ['owner', 'manager'],
  set_approval: ['owner', 'manager'],
  manage_review_links: ['owner', 'manager'],
  set_branding: ['owner'],
};

/**
 * Every permission decision of approvals, review links and branding. `post.createdBy` is who
 * wrote the post (null once their account is deleted: the owner's). Nobody but the
 * owner approves their own post.
 */
export function permission(
  actor: Actor,
  decision: ReviewDecision,
  post?: { createdBy: string | null; ownerId: string },
): Permission {
  if (!ROLES_FOR[decision].includes(actor.role)) {
    return forbidden(decision === 'set_branding' ? BRANDING_MESSAGES.ownerOnly : undefined);
  }
  if (decision === 'approve' && post && actor.role !== 'owner') {
    const author = post.createdBy ?? post.ownerId;
    if (author === actor.id) {
      return { allowed: false, message: APPROVAL_MESSAGES.selfApproval, code: 'SELF_APPROVAL' };
    }
  }
  return ALLOWED;
}

/** `permission(actor, 'approve', post)`, by its name in the product's words. */
export const canApprove = (actor: Actor, post: { createdBy: string | null; ownerId: string }) =>
  permission(actor, 'approve', post);
export const canSetApproval = (actor: Actor) => permission(actor, 'set_approval');

/** Throws the 403 a refused permission answers. */
export function assertAllowed(decision: Permission): void {
  if (!decision.allowed) throw AppError.forbidden(decision.message, decision.code);
}
