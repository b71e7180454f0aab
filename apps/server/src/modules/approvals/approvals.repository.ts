import type { ApprovalMode, CommentVisibility, NetworkId, ReviewState } from '@cadence/shared';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { postComments, postReviews, reviewLinks } from '../../db/schema/approvals.js';
import { companies } from '../../db/schema/companies.js';
import { postAttachments, posts } from '../../db/schema/posts.js';
import { publications } from '../../db/schema/publishing.js';
import { scheduledInstances } from '../../db/schema/schedules.js';
import { entityCondition, type EntityAccess } from '../../lib/entity-scope.js';

// ---- The publisher's gate -------------------------------------------------------------------

/**
 * Whether the post of the publication's instance may go out: its entity needs no approval,
 * or its review is approved (by the client too, for team_and_client). Embedded in the
 * publisher's claim (one statement). The rows it reads are locked FOR SHARE: a change of
 * approval in flight (a review sent back, an entity switched to approval) makes the claim
 * wait for its commit and then judge the row as it is, so no post being sent back to review
 * is claimed from a snapshot taken before.
 */
export function clearedToSend(instanceId: SQLWrapper): SQL {
  return sql`(exists (
      select 1 from scheduled_instances gate_si
      join posts gate_p on gate_p.id = gate_si.post_id
      join companies gate_co on gate_co.id = gate_p.company_id
      where gate_si.id = ${instanceId} and gate_co.approval = 'none'
      for share of gate_co)
    or exists (
      select 1 from scheduled_instances gate_si
      join posts gate_p on gate_p.id = gate_si.post_id
      join companies gate_co on gate_co.id = gate_p.company_id
      join post_reviews gate_r on gate_r.post_id = gate_p.id
      where gate_si.id = ${instanceId} and gate_co.approval <> 'none'
        and gate_r.state = 'approved'
        and (gate_co.approval = 'team' or gate_r.client_approved_at is not null)
      for share of gate_co, gate_r))`;
}

/**
 * The same rule, unlocked, on a post row and its entity's row already in a query (aliases
 * given): for reads (the publisher's look at an instance, the NOT_APPROVED miss).
 */
export function isCleared(postAlias: string, companyAlias: string): SQL {
  const p = sql.raw(postAlias);
  const co = sql.raw(companyAlias);
  return sql`(coalesce(${co}.approval, 'none') = 'none' or exists (
    select 1 from post_reviews cleared_r where cleared_r.post_id = ${p}.id
      and cleared_r.state = 'approved'
      and (${co}.approval = 'team' or cleared_r.client_approved_at is not null)))`;
}

// ---- A post's review --------------------------------------------------------------------------

export interface ReviewSubject {
  id: string;
  userId: string;
  /** The post's author (`posts.created_by`); null once their account is deleted. */
  createdBy: string | null;
  companyId: string | null;
  companyName: string | null;
  approval: ApprovalMode;
  review: typeof postReviews.$inferSelect | null;
}

/** The workspace's post with its entity's approval and its review; undefined for another's. */
export async function findSubject(
  db: DbExecutor,
  workspaceId: string,
  postId: string,
): Promise<ReviewSubject | undefined> {
  const [row] = await db
    .select({
      id: posts.id,
      userId: posts.userId,
      createdBy: posts.createdBy,
      companyId: posts.companyId,
      companyName: companies.name,
      approval: companies.approval,
      review: postReviews,
    })
    .from(posts)
    .leftJoin(companies, eq(companies.id, posts.companyId))
    .leftJoin(postReviews, eq(postReviews.postId, posts.id))
    .where(and(eq(posts.id, postId), eq(posts.userId, workspaceId)))
    .limit(1);
  if (!row) return undefined;
  return { ...row, approval: row.approval ?? 'none', review: row.review ?? null };
}

/** Submits: a draft (no row) or a post with changes asked goes to in_review. */
export async function submit(db: DbExecutor, postId: string, actorId: string, now: Date) {
  const [row] = await db
    .insert(postReviews)
    .values({ postId, state: 'in_review', submittedBy: actorId, submittedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: postReviews.postId,
      set: {
        state: 'in_review',
        submittedBy: actorId,
        submittedAt: now,
        teamApprovedBy: null,
        teamApprovedAt: null,
        clientApprovedName: null,
        clientApprovedAt: null,
        updatedAt: now,
      },
      setWhere: inArray(postReviews.state, ['draft', 'changes_requested']),
    })
    .returning();
  return row;
}

/** The team's approval of a post in review without its mark: approved, or on to the client. */
export async function approveByTeam(
  db: DbExecutor,
  postId: string,
  actorId: string,
  nextState: ReviewState,
  now: Date,
) {
  const [row] = await db
    .update(postReviews)
    .set({ state: nextState, teamApprovedBy: actorId, teamApprovedAt: now, updatedAt: now })
    .where(
      and(
        eq(postReviews.postId, postId),
        eq(postReviews.state, 'in_review'),
        isNull(postReviews.teamApprovedAt),
      ),
    )
    .returning();
  return row;
}

/** The client's approval, after the team's. */
export async function approveByClient(db: DbExecutor, postId: string, name: string, now: Date) {
  const [row] = await db
    .update(postReviews)
    .set({ state: 'approved', clientApprovedName: name, clientApprovedAt: now, updatedAt: now })
    .where(waitingForClient(postId))
    .returning();
  return row;
}

const waitingForClient = (postId: string) =>
  and(
    eq(postReviews.postId, postId),
    eq(postReviews.state, 'in_review'),
    isNotNull(postReviews.teamApprovedAt),
    isNull(postReviews.clientApprovedAt),
  );

/** Changes asked (by the team from review or approval, or by the client when it waits). */
export async function requestChanges(
  db: DbExecutor,
  postId: string,
  by: 'team' | 'client',
  now: Date,
) {
  const cleared = {
    state: 'changes_requested' as const,
    teamApprovedBy: null,
    teamApprovedAt: null,
    clientApprovedName: null,
    clientApprovedAt: null,
    updatedAt: now,
  };
  const [row] = await db
    .update(postReviews)
    .set(cleared)
    .where(
      by === 'client'
        ? waitingForClient(postId)
        : and(
            eq(postReviews.postId, postId),
            inArray(postReviews.state, ['in_review', 'approved']),
          ),
    )
    .returning();
  return row;
}

/**
 * The post's text, media or variants changed: an approval (or a team mark) no longer holds,
 * and the post goes back to in_review. An update of the row (never a replacement), so a claim
 * in flight waits for it.
 */
export async function sendBackToReview(db: DbExecutor, postId: string, now: Date) {
  const rows = await db
    .update(postReviews)
    .set({
      state: 'in_review',
      teamApprovedBy: null,
      teamApprovedAt: null,
      clientApprovedName: null,
      clientApprovedAt: null,
      updatedAt: now,
    })
    .where(
      and(
        eq(postReviews.postId, postId),
        sql`(${postReviews.state} = 'approved' or ${postReviews.teamApprovedAt} is not null)`,
      ),
    )
    .returning({ postId: postReviews.postId });
  return rows.length > 0;
}

// ---- Comments ---------------------------------------------------------------------------------

export async function insertComment(
  db: DbExecutor,
  values: {
    postId: string;
    authorId: string | null;
    authorName: string;
    byClient: boolean;
    visibility: CommentVisibility;
    body: string;
    createdAt: Date;
  },
) {
  const [row] = await db.insert(postComments).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function listComments(
  db: DbExecutor,
  postIds: string[],
  visibility?: CommentVisibility,
) {
  if (postIds.length === 0) return [];
  return db
    .select()
    .from(postComments)
    .where(
      and(
        inArray(postComments.postId, postIds),
        visibility ? eq(postComments.visibility, visibility) : undefined,
      ),
    )
    .orderBy(asc(postComments.createdAt), asc(postComments.id));
}

// ---- Review links -----------------------------------------------------------------------------

export async function findOwnCompany(db: DbExecutor, workspaceId: string, companyId: string) {
  const [row] = await db
    .select()
    .from(companies)
    .where(and(eq(companies.id, companyId), eq(companies.userId, workspaceId)))
    .limit(1);
  return row;
}

export async function insertReviewLink(db: DbExecutor, values: typeof reviewLinks.$inferInsert) {
  const [row] = await db.insert(reviewLinks).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function listReviewLinks(db: DbExecutor, workspaceId: string, companyId: string) {
  return db
    .select()
    .from(reviewLinks)
    .where(and(eq(reviewLinks.userId, workspaceId), eq(reviewLinks.companyId, companyId)))
    .orderBy(desc(reviewLinks.createdAt), desc(reviewLinks.id));
}

export async function revokeReviewLink(
  db: DbExecutor,
  workspaceId: string,
  id: string,
  now: Date,
  access?: EntityAccess,
) {
  const rows = await db
    .update(reviewLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(reviewLinks.id, id),
        eq(reviewLinks.userId, workspaceId),
        entityCondition(reviewLinks.companyId, access),
        isNull(reviewLinks.revokedAt),
      ),
    )
    .returning({ id: reviewLinks.id });
  if (rows.length > 0) return true;
  // Already revoked: still the workspace's, so the answer is the same.
  const [own] = await db
    .select({ id: reviewLinks.id })
    .from(reviewLinks)
    .where(
      and(
        eq(reviewLinks.id, id),
        eq(reviewLinks.userId, workspaceId),
        entityCondition(reviewLinks.companyId, access),
      ),
    );
  return own !== undefined;
}

/** The live link of a token's hash (neither expired nor revoked), with its entity. */
export async function findLiveLink(db: DbExecutor, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ link: reviewLinks, company: companies })
    .from(reviewLinks)
    .innerJoin(companies, eq(companies.id, reviewLinks.companyId))
    .where(
      and(
        eq(reviewLinks.tokenHash, tokenHash),
        isNull(reviewLinks.revokedAt),
        gt(reviewLinks.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The entity's posts waiting for the client (the team approved, the client not yet): the
 * only posts a review link shows. With `postId`, that one post when it is among them.
 */
export async function listWaitingForClient(
  db: DbExecutor,
  workspaceId: string,
  companyId: string,
  postId?: string,
) {
  return db
    .select({
      id: posts.id,
      content: posts.content,
      url: posts.url,
      scheduledFor: posts.scheduledFor,
      platforms: posts.platforms,
      mediaUrl: postAttachments.mediaUrl,
      mimeType: postAttachments.mimeType,
    })
    .from(posts)
    .innerJoin(postReviews, eq(postReviews.postId, posts.id))
    .innerJoin(companies, eq(companies.id, posts.companyId))
    .leftJoin(postAttachments, eq(postAttachments.postId, posts.id))
    .where(
      and(
        eq(posts.userId, workspaceId),
        eq(posts.companyId, companyId),
        eq(companies.approval, 'team_and_client'),
        eq(postReviews.state, 'in_review'),
        isNotNull(postReviews.teamApprovedAt),
        isNull(postReviews.clientApprovedAt),
        postId ? eq(posts.id, postId) : undefined,
      ),
    )
    .orderBy(asc(posts.scheduledFor), asc(posts.createdAt))
    .limit(100);
}

/** The networks and times each post is set to go out at next (its waiting occurrences). */
export async function listUpcoming(db: DbExecutor, postIds: string[]) {
  if (postIds.length === 0) return [];
  return db
    .select({
      postId: scheduledInstances.postId,
      network: publications.network,
      scheduledFor: scheduledInstances.scheduledFor,
    })
    .from(scheduledInstances)
    .innerJoin(publications, eq(publications.instanceId, scheduledInstances.id))
    .where(and(inArray(scheduledInstances.postId, postIds), eq(publications.status, 'pending')))
    .orderBy(asc(scheduledInstances.scheduledFor));
}

export type UpcomingRow = { postId: string; network: NetworkId; scheduledFor: Date };
