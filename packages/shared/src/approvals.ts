import { z } from 'zod/mini';

import { ApprovalModeSchema, REVIEW_STATES, type ApprovalMode } from './approval-basics.js';

// ---- Approvals: who must approve a post before it goes out -------------------------------

export const APPROVAL_MODE_LABELS: Record<ApprovalMode, string> = {
  none: 'No approval',
  team: 'The team approves',
  team_and_client: 'The team, then the client approves',
};

/** What the person asking may do with a post's review now (the server decides). */
export const REVIEW_ACTIONS = ['submit', 'approve', 'request_changes'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

export const PostReviewSchema = z.object({
  /** The entity's approval; 'none': the post needs none and the rest is null/empty. */
  approval: ApprovalModeSchema,
  state: z.enum(REVIEW_STATES),
  /** Who wrote the post (the post's `created_by`; the owner once that account is gone). */
  author_id: z.nullable(z.string()),
  team_approved_at: z.nullable(z.string()),
  team_approved_by: z.nullable(z.string()),
  client_approved_at: z.nullable(z.string()),
  client_approved_name: z.nullable(z.string()),
  /** Team and client: the team approved and the client has not yet. */
  waiting_for_client: z.boolean(),
  actions: z.array(z.enum(REVIEW_ACTIONS)),
});
export type PostReview = z.infer<typeof PostReviewSchema>;

export const COMMENT_MAX = 2000;
export const REVIEWER_NAME_MAX = 100;

const commentText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .check(z.trim())
    .check(z.minLength(1, `${label} is required`))
    .check(z.maxLength(COMMENT_MAX, `${label} must be at most ${COMMENT_MAX} characters`));

export const RequestChangesBodySchema = z.object({ comment: commentText('Comment') });
export type RequestChangesBody = z.infer<typeof RequestChangesBodySchema>;

export const COMMENT_VISIBILITIES = ['team', 'client'] as const;
export type CommentVisibility = (typeof COMMENT_VISIBILITIES)[number];
export const CommentBodySchema = z.object({
  body: commentText('Comment'),
  visibility: z._default(
    z.enum(COMMENT_VISIBILITIES, { error: 'Visibility must be team or client' }),
    'team',
  ),
});
export type CommentBody = z.input<typeof CommentBodySchema>;

export const PostCommentSchema = z.object({
  id: z.string(),
  body: z.string(),
  visibility: z.enum(COMMENT_VISIBILITIES),
  author_name: z.string(),
  by_client: z.boolean(),
  created_at: z.string(),
});
export type PostComment = z.infer<typeof PostCommentSchema>;
export const PostCommentListSchema = z.object({ rows: z.array(PostCommentSchema) });
export type PostCommentList = z.infer<typeof PostCommentListSchema>;

// ---- Review links for clients ------------------------------------------------------------

export const REVIEW_LINK_DAYS = { min: 1, max: 90, default: 30 } as const;
export const REVIEW_LINK_LABEL_MAX = 100;

export const ReviewLinkCreateSchema = z.object({
  expires_in_days: z._default(
    z
      .number({ error: 'expires_in_days must be a whole number of days' })
      .check(z.int('expires_in_days must be a whole number of days'))
      .check(
        z.gte(REVIEW_LINK_DAYS.min, 'A review link lasts 1 to 90 days'),
        z.lte(REVIEW_LINK_DAYS.max, 'A review link lasts 1 to 90 days'),
      ),
    REVIEW_LINK_DAYS.default,
  ),
  label: z.pipe(
    z.nullish(
      z
        .string({ error: 'Label must be text' })
        .check(z.trim())
        .check(
          z.maxLength(
            REVIEW_LINK_LABEL_MAX,
            `Label must be at most ${REVIEW_LINK_LABEL_MAX} characters`,
          ),
        ),
    ),
    z.transform((value) => (value ? value : null)),
  ),
});
export type ReviewLinkCreate = z.input<typeof ReviewLinkCreateSchema>;

export const CreatedReviewLinkSchema = z.object({ id: z.string(), url: z.string() });
export const ReviewLinkSchema = z.object({
  id: z.string(),
  label: z.nullable(z.string()),
  expires_at: z.string(),
  revoked_at: z.nullable(z.string()),
  created_at: z.string(),
  /** Neither expired nor revoked. */
  is_active: z.boolean(),
});
export type ReviewLink = z.infer<typeof ReviewLinkSchema>;
export const ReviewLinkListSchema = z.object({ rows: z.array(ReviewLinkSchema) });

export const ClientRequestChangesBodySchema = z.object({
  comment: commentText('Comment'),
  name: z
    .string({ error: 'Your name must be text' })
    .check(z.trim())
    .check(z.minLength(1, 'Your name is required'))
    .check(
      z.maxLength(REVIEWER_NAME_MAX, `Your name must be at most ${REVIEWER_NAME_MAX} characters`),
    ),
});
export type ClientRequestChangesBody = z.infer<typeof ClientRequestChangesBodySchema>;
export const ClientApproveBodySchema = z.object({
  name: z.optional(
    z
      .string({ error: 'Your name must be text' })
      .check(z.trim())
      .check(
        z.maxLength(REVIEWER_NAME_MAX, `Your name must be at most ${REVIEWER_NAME_MAX} characters`),
      ),
  ),
});

export const APPROVAL_MESSAGES = {
  selfApproval: 'You cannot approve your own post: ask a manager or the owner.',
  forbiddenRole: 'Your role does not allow this.',
  notApproved: 'Not approved before its time',
  notApprovedPublishNow: 'Approve the post first: then it can be published.',
  noApprovalNeeded: "This post's entity does not need approval.",
  notInReview: 'This post is not waiting for review.',
  alreadyInReview: 'This post is already waiting for review.',
  waitingForClient: 'The team has approved this post: it now waits for the client.',
  submitted: 'Submitted for review',
  approved: 'Approved',
  changesRequested: 'Changes requested',
  commentAdded: 'Comment added',
  reviewLinkCreated: 'Review link created',
  reviewLinkRevoked: 'Review link revoked',
  reviewLinkNotFound: 'Review link not found',
  reviewLinkExpired: 'This review link has expired or was revoked. Ask for a new one.',
  clientApproved: 'Thank you: the post is approved.',
  clientChangesRequested: 'Thank you: your changes were sent.',
  notWaitingForClient: 'This post is not waiting for your review any more.',
  /** Bell and mail. */
  submittedNotice: (entity: string, by: string) =>
    `${by} submitted a post of ${entity} for review.`,
  approvedNotice: (entity: string, by: string) => `${by} approved your post of ${entity}.`,
  changesNotice: (entity: string, by: string, comment: string) =>
    `${by} asked for changes to your post of ${entity}: ${comment}`,
} as const;
