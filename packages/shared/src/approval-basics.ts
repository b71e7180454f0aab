import { z } from 'zod/mini';

// The few approval values the entity, post and session schemas (and the app shell) need, kept
// apart from the rest of approvals.ts: what the first page loads stays small, and this file
// imports nothing else of this package, so the web build's chunks form no cycle through it.

/** An entity's approval: none (today's behaviour), the team, or the team and then the client. */
export const APPROVAL_MODES = ['none', 'team', 'team_and_client'] as const;
export type ApprovalMode = (typeof APPROVAL_MODES)[number];
export const ApprovalModeSchema = z.enum(APPROVAL_MODES, {
  error: 'Approval must be none, team or team_and_client',
});

/** A post's review state, in an entity with approval. */
export const REVIEW_STATES = ['draft', 'in_review', 'changes_requested', 'approved'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  draft: 'Draft',
  in_review: 'In review',
  changes_requested: 'Changes requested',
  approved: 'Approved',
};

/** A workspace's brand as members and clients see it (white label, or Cadence's). */
export const BrandSchema = z.object({
  name: z.string(),
  logo_url: z.nullable(z.string()),
  accent_color: z.string(),
});
export type Brand = z.infer<typeof BrandSchema>;

/** Cadence's own brand, used where a workspace has none (or its plan has no white label). */
export const DEFAULT_BRAND = { name: 'Cadence', logo_url: null, accent_color: '#4f46e5' } as const;
