import {
  API_PATHS,
  APPROVAL_MESSAGES,
  ClientApproveBodySchema,
  ClientRequestChangesBodySchema,
  CommentBodySchema,
  CompanyIdParamsSchema,
  CreatedReviewLinkSchema,
  envelope,
  PostCommentListSchema,
  PostCommentSchema,
  PostIdParamsSchema,
  PostReviewSchema,
  type PostReview,
  RequestChangesBodySchema,
  ReviewLinkCreateSchema,
  ReviewLinkListSchema,
  ReviewPageSchema,
} from '@cadence/shared';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import type { RateLimit, RateLimiter } from '../../lib/rate-limiter.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/index.js';
import type { ApprovalsService } from './approvals.service.js';
import { actorOf } from './permissions.js';

const tags = ['Approvals'];
const security = [{ bearerAuth: [] }];

/** A client's review link: per address, and per link, so one link cannot be hammered. */
export const REVIEW_RATE_LIMIT: RateLimit = { max: 120, windowSeconds: 60 };
export const REVIEW_LINK_RATE_LIMIT: RateLimit = { max: 60, windowSeconds: 60 };

const ReviewLinkIdParamsSchema = z.object({ id: z.string() });
const TokenParamsSchema = z.object({ token: z.string().max(200) });
const TokenPostParamsSchema = z.object({
  token: z.string().max(200),
  post_id: z.string().max(100),
});

export function registerApprovalRoutes(
  app: AppInstance,
  approvals: ApprovalsService,
  limiter: RateLimiter,
) {
  const guarded = { preHandler: app.authenticate };
  /** The workspace a request acts in: its owner's account (until members arrive). */
  const workspaceOf = (request: FastifyRequest) => requireUser(request).id;

  const reviewAction = (
    path: string,
    summary: string,
    act: (request: FastifyRequest & { params: { id: string } }) => Promise<PostReview>,
    message: string,
    body?: typeof RequestChangesBodySchema,
  ) =>
    app.post(
      path,
      {
        ...guarded,
        schema: {
          tags,
          security,
          summary,
          params: PostIdParamsSchema,
          ...(body ? { body } : {}),
          response: {
            200: envelope(PostReviewSchema),
            ...errorResponses(400, 401, 403, 404, 409),
          },
        },
      },
      async (request) => ({
        message,
        data: await act(request as FastifyRequest & { params: { id: string } }),
      }),
    );

  app.get(
    API_PATHS.postReview,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "A post's review: its state, the marks, and what the person asking may do",
        params: PostIdParamsSchema,
        response: { 200: envelope(PostReviewSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      message: 'Review fetched successfully',
      data: await approvals.review(workspaceOf(request), actorOf(request), request.params.id),
    }),
  );

  reviewAction(
    API_PATHS.postSubmit,
    'Submit a post for review (a draft, or one with changes asked)',
    (request) => approvals.submit(workspaceOf(request), actorOf(request), request.params.id),
    APPROVAL_MESSAGES.submitted,
  );
  reviewAction(
    API_PATHS.postApprove,
    'Approve a post in review (managers and the owner; nobody but the owner approves their own)',
    (request) => approvals.approve(workspaceOf(request), actorOf(request), request.params.id),
    APPROVAL_MESSAGES.approved,
  );
  reviewAction(
    API_PATHS.postRequestChanges,
    'Send a post back with the changes asked (a comment is required)',
    (request) =>
      approvals.requestChanges(
        workspaceOf(request),
        actorOf(request),
        request.params.id,
        (request.body as { comment: string }).comment,
      ),
    APPROVAL_MESSAGES.changesRequested,
    RequestChangesBodySchema,
  );

  app.get(
    API_PATHS.postComments,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "A post's comments, oldest first (the team's and the client's)",
        params: PostIdParamsSchema,
        response: { 200: envelope(PostCommentListSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      message: 'Comments fetched successfully',
      data: await approvals.listComments(workspaceOf(request), actorOf(request), request.params.id),
    }),
  );

  app.post(
    API_PATHS.postComments,
    {
      ...guarded,
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        security,
        summary:
          "Comment on a post: 'team' comments never reach a client, 'client' ones show on its review link",
        params: PostIdParamsSchema,
        body: CommentBodySchema,
        response: { 201: envelope(PostCommentSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const comment = await approvals.comment(
        workspaceOf(request),
        actorOf(request),
        request.params.id,
        request.body,
      );
      return reply.code(201).send({ message: APPROVAL_MESSAGES.commentAdded, data: comment });
    },
  );

  app.post(
    API_PATHS.companyReviewLinks,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "A link for the entity's client to review its posts (shown once; kept hashed)",
        params: CompanyIdParamsSchema,
        body: z.optional(ReviewLinkCreateSchema),
        response: {
          201: envelope(CreatedReviewLinkSchema),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const input = ReviewLinkCreateSchema.parse(request.body ?? {});
      const link = await approvals.createLink(
        workspaceOf(request),
        actorOf(request),
        request.params.id,
        input,
      );
      return reply.code(201).send({ message: APPROVAL_MESSAGES.reviewLinkCreated, data: link });
    },
  );

  app.get(
    API_PATHS.companyReviewLinks,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: "The entity's review links, newest first (never their tokens)",
        params: CompanyIdParamsSchema,
        response: { 200: envelope(ReviewLinkListSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      message: 'Review links fetched successfully',
      data: await approvals.listLinks(workspaceOf(request), actorOf(request), request.params.id),
    }),
  );

  app.delete(
    API_PATHS.reviewLink,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Revoke a review link: it answers 404 from now on',
        params: ReviewLinkIdParamsSchema,
        response: { 200: envelope(z.null()), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await approvals.revokeLink(workspaceOf(request), actorOf(request), request.params.id);
      return { message: APPROVAL_MESSAGES.reviewLinkRevoked, data: null };
    },
  );

  // ---- The client's side: no account, rate-limited per address and per link ----

  const paced = (request: FastifyRequest & { params: { token: string } }) => {
    limiter.hit(`review:ip:${request.ip}`, REVIEW_RATE_LIMIT);
    limiter.hit(`review:link:${request.params.token.slice(0, 64)}`, REVIEW_LINK_RATE_LIMIT);
  };
  const publicTags = ['Review links'];

  app.get(
    API_PATHS.review,
    {
      schema: {
        tags: publicTags,
        summary: "A review link's page: the entity's posts waiting for the client",
        params: TokenParamsSchema,
        response: { 200: envelope(ReviewPageSchema), ...errorResponses(404, 429) },
      },
    },
    async (request) => {
      paced(request);
      return {
        message: 'Review fetched successfully',
        data: await approvals.page(request.params.token),
      };
    },
  );

  app.post(
    API_PATHS.reviewApprove,
    {
      schema: {
        tags: publicTags,
        summary: 'The client approves a post waiting for them',
        params: TokenPostParamsSchema,
        body: z.optional(ClientApproveBodySchema),
        response: { 200: envelope(z.null()), ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => {
      paced(request);
      const body = ClientApproveBodySchema.parse(request.body ?? {});
      await approvals.clientApprove(request.params.token, request.params.post_id, body.name);
      return { message: APPROVAL_MESSAGES.clientApproved, data: null };
    },
  );

  app.post(
    API_PATHS.reviewRequestChanges,
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: publicTags,
        summary: 'The client asks for changes to a post waiting for them (a comment and a name)',
        params: TokenPostParamsSchema,
        body: ClientRequestChangesBodySchema,
        response: { 200: envelope(z.null()), ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => {
      paced(request);
      await approvals.clientRequestChanges(
        request.params.token,
        request.params.post_id,
        request.body,
      );
      return { message: APPROVAL_MESSAGES.clientChangesRequested, data: null };
    },
  );
}
