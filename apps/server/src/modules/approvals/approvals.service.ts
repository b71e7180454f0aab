import { createHash, randomBytes } from 'node:crypto';
import {
  APPROVAL_MESSAGES,
  POST_MESSAGES,
  REVIEW_ACTIONS,
  type Brand,
  type ClientRequestChangesBody,
  type CommentBody,
  type NetworkId,
  type PostComment,
  type PostReview,
  type ReviewAction,
  type ReviewLink,
  type ReviewPage,
  type ReviewState,
} from '@cadence/shared';
import { eq } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.js';
import { users } from '../../db/schema/auth.js';
import type { PostCommentRow, ReviewLinkRow } from '../../db/schema/approvals.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import { entityVisible } from '../../lib/entity-scope.js';
import type { Logger } from '../../logger.js';
import * as repo from './approvals.repository.js';
import { assertAllowed, permission, type Actor, type ReviewDecision } from './permissions.js';

/** Bytes of randomness in a review link's token (the link is its only key). */
export const REVIEW_TOKEN_BYTES = 32;
const DAY_MS = 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const hashReviewToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

/** A review event for the bell and mail of one person. */
export interface ReviewNotice {
  /** The person told (while they are still in the workspace). */
  userId: string;
  /** The workspace the post is in. */
  workspaceId: string;
  kind: 'post_submitted' | 'post_approved' | 'post_changes_requested';
  postId: string;
  companyId: string | null;
  message: string;
}

export interface ApprovalsDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  /** Records a notice (bell, and mail when the person wants it); never throws. */
  notify: (notice: ReviewNotice) => Promise<void>;
  /**
   * Who approves a post of an entity in a workspace: its owner and the managers for whom the
   * entity exists. Absent: the owner alone.
   */
  reviewersOf?: (workspaceId: string, entityId: string | null) => Promise<string[]>;
  /** The brand a workspace shows (its own with white label, else Cadence's). */
  brandOf: (workspaceId: string) => Promise<Brand>;
}

const postNotFound = () => AppError.notFound(POST_MESSAGES.notFound, 'POST_NOT_FOUND');
const linkGone = () =>
  AppError.notFound(APPROVAL_MESSAGES.reviewLinkExpired, 'REVIEW_LINK_NOT_FOUND');

function toComment(row: PostCommentRow): PostComment {
  return {
    id: row.id,
    body: row.body,
    visibility: row.visibility,
    author_name: row.authorName,
    by_client: row.byClient,
    created_at: row.createdAt.toISOString(),
  };
}

function toLink(row: ReviewLinkRow, now: Date): ReviewLink {
  return {
    id: row.id,
    label: row.label,
    expires_at: row.expiresAt.toISOString(),
    revoked_at: row.revokedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    is_active: row.revokedAt === null && row.expiresAt.getTime() > now.getTime(),
  };
}

/** The state a post's review shows: no row is a draft. */
const stateOf = (subject: repo.ReviewSubject): ReviewState => subject.review?.state ?? 'draft';

export function createApprovalsService(deps: ApprovalsDeps) {
  const { db, clock } = deps;
  const reviewersOf =
    deps.reviewersOf ??
    ((workspaceId: string, _entityId: string | null) => Promise.resolve([workspaceId]));

  async function nameOf(userId: string) {
    const [row] = await db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return row?.name || row?.email || 'Someone';
  }

  /**
   * The workspace's post, or 404 (also for another workspace's id, and for a post of an
   * entity outside those of the person asking).
   */
  async function subjectOf(workspaceId: string, postId: string, actor: Actor) {
    if (!UUID.test(postId)) throw postNotFound();
    const subject = await repo.findSubject(db, workspaceId, postId);
    if (!subject || !entityVisible(actor, subject.companyId)) throw postNotFound();
    return subject;
  }

  const postOf = (subject: repo.ReviewSubject) => ({
    createdBy: subject.createdBy,
    ownerId: subject.userId,
  });

  /** The post's author: who wrote it, else (their account deleted) the workspace's owner. */
  const authorOf = (subject: repo.ReviewSubject) => subject.createdBy ?? subject.userId;

  /** The review as the person asking sees it, with what they may do now. */
  function toReview(subject: repo.ReviewSubject, actor: Actor): PostReview {
    const state = stateOf(subject);
    const review = subject.review;
    const waitingForClient =
      subject.approval === 'team_and_client' &&
      state === 'in_review' &&
      !!review?.teamApprovedAt &&
      !review.clientApprovedAt;
    const possible: Record<ReviewAction, boolean> =
      subject.approval === 'none'
        ? { submit: false, approve: false, request_changes: false }
        : {
            submit: state === 'draft' || state === 'changes_requested',
            approve: state === 'in_review' && !review?.teamApprovedAt,
            request_changes: state === 'in_review' || state === 'approved',
          };
    return {
      approval: subject.approval,
      state,
      author_id: authorOf(subject),
      team_approved_at: review?.teamApprovedAt?.toISOString() ?? null,
      team_approved_by: review?.teamApprovedBy ?? null,
      client_approved_at: review?.clientApprovedAt?.toISOString() ?? null,
      client_approved_name: review?.clientApprovedName ?? null,
      waiting_for_client: waitingForClient,
      actions: REVIEW_ACTIONS.filter(
        (action) => possible[action] && permission(actor, action, postOf(subject)).allowed,
      ),
    };
  }

  function needsApproval(subject: repo.ReviewSubject) {
    if (subject.approval === 'none') {
      throw AppError.conflict(APPROVAL_MESSAGES.noApprovalNeeded, 'REVIEW_NOT_NEEDED');
    }
  }

  async function tell(userIds: string[], notice: Omit<ReviewNotice, 'userId'>, actor: Actor) {
    // Nobody is told of what they did themselves.
    for (const userId of new Set(userIds)) {
      if (userId !== actor.id) await deps.notify({ ...notice, userId });
    }
  }

  async function addComment(
    executor: DbExecutor,
    subject: repo.ReviewSubject,
    author: { id: string | null; name: string; byClient: boolean },
    input: { body: string; visibility: 'team' | 'client' },
  ) {
    return repo.insertComment(executor, {
      postId: subject.id,
      authorId: author.id,
      authorName: author.name,
      byClient: author.byClient,
      visibility: input.visibility,
      body: input.body,
      createdAt: clock(),
    });
  }

  async function decide(
    workspaceId: string,
    actor: Actor,
    postId: string,
    decision: ReviewDecision,
  ) {
    const subject = await subjectOf(workspaceId, postId, actor);
    assertAllowed(permission(actor, decision, postOf(subject)));
    needsApproval(subject);
    return subject;
  }

  return {
    async review(workspaceId: string, actor: Actor, postId: string): Promise<PostReview> {
      const subject = await subjectOf(workspaceId, postId, actor);
      assertAllowed(permission(actor, 'read'));
      return toReview(subject, actor);
    },

    async submit(workspaceId: string, actor: Actor, postId: string): Promise<PostReview> {
      const subject = await decide(workspaceId, actor, postId, 'submit');
      const row = await repo.submit(db, postId, actor.id, clock());
      if (!row) {
        throw AppError.conflict(
          stateOf(subject) === 'in_review'
            ? APPROVAL_MESSAGES.alreadyInReview
            : APPROVAL_MESSAGES.notInReview,
          'REVIEW_STATE_CHANGED',
        );
      }
      const by = await nameOf(actor.id);
      await tell(
        await reviewersOf(workspaceId, subject.companyId),
        {
          workspaceId,
          kind: 'post_submitted',
          postId,
          companyId: subject.companyId,
          message: APPROVAL_MESSAGES.submittedNotice(subject.companyName ?? 'an entity', by),
        },
        actor,
      );
      return toReview({ ...subject, review: row }, actor);
    },

    async approve(workspaceId: string, actor: Actor, postId: string): Promise<PostReview> {
      const subject = await decide(workspaceId, actor, postId, 'approve');
      const next: ReviewState = subject.approval === 'team' ? 'approved' : 'in_review';
      const row = await repo.approveByTeam(db, postId, actor.id, next, clock());
      if (!row) {
        const waiting = subject.review?.state === 'in_review' && !!subject.review.teamApprovedAt;
        throw AppError.conflict(
          waiting ? APPROVAL_MESSAGES.waitingForClient : APPROVAL_MESSAGES.notInReview,
          'REVIEW_STATE_CHANGED',
        );
      }
      if (row.state === 'approved') {
        await tell(
          [authorOf(subject)],
          {
            workspaceId,
            kind: 'post_approved',
            postId,
            companyId: subject.companyId,
            message: APPROVAL_MESSAGES.approvedNotice(
              subject.companyName ?? 'an entity',
              await nameOf(actor.id),
            ),
          },
          actor,
        );
      }
      return toReview({ ...subject, review: row }, actor);
    },

    async requestChanges(
      workspaceId: string,
      actor: Actor,
      postId: string,
      comment: string,
    ): Promise<PostReview> {
      const subject = await decide(workspaceId, actor, postId, 'request_changes');
      const by = await nameOf(actor.id);
      const row = await db.transaction(async (tx) => {
        const changed = await repo.requestChanges(tx, postId, 'team', clock());
        if (!changed) return undefined;
        await addComment(
          tx,
          subject,
          { id: actor.id, name: by, byClient: false },
          { body: comment, visibility: 'team' },
        );
        return changed;
      });
      if (!row) throw AppError.conflict(APPROVAL_MESSAGES.notInReview, 'REVIEW_STATE_CHANGED');
      await tell(
        [authorOf(subject)],
        {
          workspaceId,
          kind: 'post_changes_requested',
          postId,
          companyId: subject.companyId,
          message: APPROVAL_MESSAGES.changesNotice(subject.companyName ?? 'an entity', by, comment),
        },
        actor,
      );
      return toReview({ ...subject, review: row }, actor);
    },

    /**
     * The post's text, media or variants changed (the posts module's edit, in its
     * transaction): an approval no longer holds.
     */
    sendBackToReview: (tx: DbExecutor, postId: string) =>
      repo.sendBackToReview(tx, postId, clock()),

    async listComments(workspaceId: string, actor: Actor, postId: string) {
      const subject = await subjectOf(workspaceId, postId, actor);
      assertAllowed(permission(actor, 'read'));
      return { rows: (await repo.listComments(db, [subject.id])).map(toComment) };
    },

    async comment(
      workspaceId: string,
      actor: Actor,
      postId: string,
      input: { body: string; visibility: CommentBody['visibility'] },
    ): Promise<PostComment> {
      const subject = await subjectOf(workspaceId, postId, actor);
      assertAllowed(permission(actor, 'comment'));
      const row = await addComment(
        db,
        subject,
        { id: actor.id, name: await nameOf(actor.id), byClient: false },
        { body: input.body, visibility: input.visibility ?? 'team' },
      );
      return toComment(row);
    },

    // ---- Review links ----

    async createLink(
      workspaceId: string,
      actor: Actor,
      companyId: string,
      input: { expires_in_days: number; label: string | null },
    ) {
      assertAllowed(permission(actor, 'manage_review_links'));
      if (
        !UUID.test(companyId) ||
        !entityVisible(actor, companyId) ||
        !(await repo.findOwnCompany(db, workspaceId, companyId))
      ) {
        throw AppError.notFound('Company not found', 'COMPANY_NOT_FOUND');
      }
      const token = randomBytes(REVIEW_TOKEN_BYTES).toString('base64url');
      const now = clock();
      const row = await repo.insertReviewLink(db, {
        userId: workspaceId,
        companyId,
        tokenHash: hashReviewToken(token),
        label: input.label,
        createdBy: actor.id,
        expiresAt: new Date(now.getTime() + input.expires_in_days * DAY_MS),
        createdAt: now,
      });
      return { id: row.id, url: `${deps.publicUrl}/review/${token}` };
    },

    async listLinks(workspaceId: string, actor: Actor, companyId: string) {
      assertAllowed(permission(actor, 'read'));
      if (
        !UUID.test(companyId) ||
        !entityVisible(actor, companyId) ||
        !(await repo.findOwnCompany(db, workspaceId, companyId))
      ) {
        throw AppError.notFound('Company not found', 'COMPANY_NOT_FOUND');
      }
      const now = clock();
      return {
        rows: (await repo.listReviewLinks(db, workspaceId, companyId)).map((row) =>
          toLink(row, now),
        ),
      };
    },

    async revokeLink(workspaceId: string, actor: Actor, id: string) {
      assertAllowed(permission(actor, 'manage_review_links'));
      if (!UUID.test(id) || !(await repo.revokeReviewLink(db, workspaceId, id, clock(), actor))) {
        throw AppError.notFound(APPROVAL_MESSAGES.reviewLinkNotFound, 'REVIEW_LINK_NOT_FOUND');
      }
    },

    // ---- The client's side (no account: the token is the key) ----

    async page(token: string): Promise<ReviewPage> {
      const live = await liveLink(token);
      const { link, company } = live;
      const waiting = await repo.listWaitingForClient(db, link.userId, company.id);
      const ids = waiting.map((post) => post.id);
      const [upcoming, comments] = await Promise.all([
        repo.listUpcoming(db, ids),
        repo.listComments(db, ids, 'client'),
      ]);
      return {
        entity: { name: company.name, logo_url: company.logoUrl },
        brand: await deps.brandOf(link.userId),
        label: link.label,
        expires_at: link.expiresAt.toISOString(),
        posts: waiting.map((post) => {
          const next = upcoming.filter((row) => row.postId === post.id);
          const previews: Array<{ network: NetworkId; scheduled_for: string | null }> =
            next.length > 0
              ? next.map((row) => ({
                  network: row.network,
                  scheduled_for: row.scheduledFor.toISOString(),
                }))
              : post.platforms.map((network) => ({
                  network,
                  scheduled_for: post.scheduledFor?.toISOString() ?? null,
                }));
          return {
            id: post.id,
            content: post.content,
            url: post.url,
            media:
              post.mediaUrl && post.mimeType
                ? { url: post.mediaUrl, mime_type: post.mimeType }
                : null,
            previews,
            comments: comments.filter((row) => row.postId === post.id).map(toComment),
          };
        }),
      };
    },

    async clientApprove(token: string, postId: string, name?: string) {
      const { link, company } = await liveLink(token);
      const subject = await clientSubject(link, company.id, postId);
      const who = name?.trim() || 'The client';
      const row = await repo.approveByClient(db, postId, who, clock());
      if (!row)
        throw AppError.conflict(APPROVAL_MESSAGES.notWaitingForClient, 'REVIEW_STATE_CHANGED');
      await deps.notify({
        userId: authorOf(subject),
        workspaceId: link.userId,
        kind: 'post_approved',
        postId,
        companyId: subject.companyId,
        message: APPROVAL_MESSAGES.approvedNotice(company.name, who),
      });
    },

    async clientRequestChanges(token: string, postId: string, input: ClientRequestChangesBody) {
      const { link, company } = await liveLink(token);
      const subject = await clientSubject(link, company.id, postId);
      const row = await db.transaction(async (tx) => {
        const changed = await repo.requestChanges(tx, postId, 'client', clock());
        if (!changed) return undefined;
        await addComment(
          tx,
          subject,
          { id: null, name: input.name, byClient: true },
          { body: input.comment, visibility: 'client' },
        );
        return changed;
      });
      if (!row)
        throw AppError.conflict(APPROVAL_MESSAGES.notWaitingForClient, 'REVIEW_STATE_CHANGED');
      const notice = {
        workspaceId: link.userId,
        kind: 'post_changes_requested' as const,
        postId,
        companyId: subject.companyId,
        message: APPROVAL_MESSAGES.changesNotice(company.name, input.name, input.comment),
      };
      const told = new Set([
        authorOf(subject),
        ...(await reviewersOf(link.userId, subject.companyId)),
      ]);
      for (const userId of told) await deps.notify({ ...notice, userId });
    },
  };

  async function liveLink(token: string) {
    // A token is base64url of 32 bytes: anything else cannot be one (no lookup at all).
    if (!/^[A-Za-z0-9_-]{43,128}$/.test(token)) throw linkGone();
    const live = await repo.findLiveLink(db, hashReviewToken(token), clock());
    if (!live) throw linkGone();
    return live;
  }

  /**
   * The post, only when it is one of the link's entity's posts waiting for the client;
   * any other id (another entity's, a draft, another workspace's) is the same 404.
   */
  async function clientSubject(link: ReviewLinkRow, companyId: string, postId: string) {
    const notFound = () => AppError.notFound(POST_MESSAGES.notFound, 'POST_NOT_FOUND');
    if (!UUID.test(postId)) throw notFound();
    const [waiting] = await repo.listWaitingForClient(db, link.userId, companyId, postId);
    if (!waiting) throw notFound();
    const subject = await repo.findSubject(db, link.userId, postId);
    if (!subject) throw notFound();
    return subject;
  }
}

export type ApprovalsService = ReturnType<typeof createApprovalsService>;
