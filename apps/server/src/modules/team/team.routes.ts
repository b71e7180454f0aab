import {
  API_PATHS,
  envelope,
  InvitationAcceptedSchema,
  InvitationCreatedSchema,
  InvitationCreateSchema,
  InvitationPreviewSchema,
  InvitationTokenParamsSchema,
  MemberUpdateSchema,
  TEAM_MESSAGES,
  TeamIdParamsSchema,
  TeamMemberListSchema,
  TeamMemberSchema,
  WorkspaceListSchema,
} from '@cadence/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireActor, requireUser } from '../auth/index.js';
import type { TeamService } from './team.service.js';

const tags = ['Team'];
const security = [{ bearerAuth: [] }];

/** Workspaces, members and invitations. Who may call each: route-rules.ts. */
export function registerTeamRoutes(app: AppInstance, team: TeamService) {
  app.get(
    API_PATHS.teamWorkspaces,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'The workspaces you belong to: your own first, then those you were invited to',
        response: { 200: envelope(WorkspaceListSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({
      message: TEAM_MESSAGES.workspacesListed,
      data: { rows: await team.workspaces(requireActor(request)) },
    }),
  );

  app.get(
    API_PATHS.teamMembers,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          "The workspace's people: its owner, the members and the open invitations, with the seats used",
        response: { 200: envelope(TeamMemberListSchema), ...errorResponses(401, 403) },
      },
    },
    async (request) => ({
      message: TEAM_MESSAGES.membersListed,
      data: await team.members(requireUser(request).id),
    }),
  );

  app.post(
    API_PATHS.teamInvitations,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          "Invite someone by email (owner only): a mail with a link valid 7 days, once; over the plan's seats: 403 PLAN_LIMIT",
        body: InvitationCreateSchema,
        response: {
          201: envelope(InvitationCreatedSchema),
          ...errorResponses(400, 401, 403, 409, 502),
        },
      },
    },
    async (request, reply) => {
      const actor = requireActor(request);
      const data = await team.invite(requireUser(request).id, actor, request.body);
      return reply.code(201).send({ message: TEAM_MESSAGES.invited, data });
    },
  );

  app.get(
    API_PATHS.teamInvitationByToken,
    {
      schema: {
        tags,
        summary:
          'An invitation by its link (no sign-in): workspace, inviter, role and address; expired or used: 404',
        params: InvitationTokenParamsSchema,
        response: { 200: envelope(InvitationPreviewSchema), ...errorResponses(404) },
      },
    },
    async (request) => ({
      message: TEAM_MESSAGES.invitationFound,
      data: await team.preview(request.params.token),
    }),
  );

  app.post(
    API_PATHS.teamInvitationAccept,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Accept an invitation, signed in with the invited address',
        params: InvitationTokenParamsSchema,
        response: {
          200: envelope(InvitationAcceptedSchema),
          ...errorResponses(401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      message: TEAM_MESSAGES.accepted,
      data: { workspace: await team.accept(request.params.token, requireActor(request)) },
    }),
  );

  app.delete(
    API_PATHS.teamInvitation,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: 'Cancel an open invitation (owner only): its link stops working',
        params: TeamIdParamsSchema,
        response: { 200: envelope(z.null()), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await team.cancelInvitation(requireUser(request).id, request.params.id);
      return { message: TEAM_MESSAGES.invitationCancelled, data: null };
    },
  );

  app.patch(
    API_PATHS.teamMember,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary: "Change a member's role and entities (owner only)",
        params: TeamIdParamsSchema,
        body: MemberUpdateSchema,
        response: { 200: envelope(TeamMemberSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      message: TEAM_MESSAGES.memberUpdated,
      data: await team.updateMember(requireUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    API_PATHS.teamMember,
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security,
        summary:
          'Remove a member (owner only): their next request in the workspace is refused; their posts stay',
        params: TeamIdParamsSchema,
        response: { 200: envelope(z.null()), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      await team.removeMember(requireUser(request).id, request.params.id);
      return { message: TEAM_MESSAGES.memberRemoved, data: null };
    },
  );
}
