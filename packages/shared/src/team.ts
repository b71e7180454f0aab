import { z } from 'zod/mini';
import { BrandSchema } from './approval-basics.js';
import { EmailSchema } from './auth.js';
import { TEAM_ROLES, type TeamRole } from './roles.js';

/**
 * Workspaces and members. Every account is a workspace (its id is the owner's user id); an
 * owner invites people by email, and a request acts in the workspace its `X-Workspace-Id`
 * header names (absent: the caller's own). The roles and what each may do: roles.ts.
 */
/** The roles an owner gives: there is one owner, the account itself. */
export const MEMBER_ROLES = ['manager', 'editor', 'viewer'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  editor: 'Editor',
  viewer: 'Viewer',
};

export const TEAM_ROLE_HINTS: Record<MemberRole, string> = {
  manager: 'Everything but billing and the team; approves posts',
  editor: 'Writes and schedules posts; cannot connect networks or change entities',
  viewer: 'Reads everything, changes nothing',
};

/** An invitation is valid this long, and once. */
export const INVITATION_VALID_DAYS = 7;
export const TEAM_ENTITIES_MAX = 100;

export const TEAM_MESSAGES = {
  notAMember:
    'You are not a member of this workspace. Switch to one of your workspaces, or ask its owner for an invitation.',
  workspaceInvalid: 'X-Workspace-Id must be the id of a workspace',
  forbiddenRole: (role: TeamRole) =>
    `Your role in this workspace (${TEAM_ROLE_LABELS[role]}) does not allow this. Ask the workspace's owner or a manager.`,
  ownerOnly: "Only the workspace's owner can do this.",
  seats: (max: number) => `Your plan includes ${max} team member${max === 1 ? '' : 's'}: Upgrade`,
  workspacesListed: 'Workspaces fetched successfully',
  membersListed: 'Team members fetched successfully',
  invited: 'Invitation sent',
  invitationFound: 'Invitation fetched successfully',
  invitationNotFound: 'This invitation has expired or was already used. Ask for a new one.',
  invitationCancelled: 'Invitation cancelled',
  invitationNotYours: (email: string) =>
    `This invitation is for ${email}. Sign in with that address to accept it.`,
  accepted: 'You joined the workspace',
  memberUpdated: 'Member updated',
  memberRemoved: 'Member removed',
  memberNotFound: 'This member does not exist in your workspace.',
  alreadyMember: 'This person is already a member of your workspace.',
  alreadyInvited: 'This address already has an open invitation. Cancel it first to send a new one.',
  inviteSelf: 'You own this workspace already.',
  emailRequired: 'Enter the email address to invite',
  emailInvalid: 'Enter a valid email address, such as name@example.com',
  roleInvalid: 'Choose a role: manager, editor or viewer',
  entitiesInvalid: 'Entities must be a list of entity ids',
  entitiesTooMany: `A member may be limited to at most ${TEAM_ENTITIES_MAX} entities`,
  entityNotYours:
    'One of the chosen entities does not exist in this workspace. Choose its own entities, or none for all of them.',
} as const;

export const TeamRoleSchema = z.enum(TEAM_ROLES);
export const MemberRoleSchema = z.enum(MEMBER_ROLES, { error: TEAM_MESSAGES.roleInvalid });

const entityIds = z.nullish(
  z
    .array(z.uuid({ error: TEAM_MESSAGES.entitiesInvalid }), {
      error: TEAM_MESSAGES.entitiesInvalid,
    })
    .check(z.maxLength(TEAM_ENTITIES_MAX, TEAM_MESSAGES.entitiesTooMany)),
);

export const InvitationCreateSchema = z.object({
  email: EmailSchema,
  role: MemberRoleSchema,
  /** Absent, null or empty: every entity. */
  entity_ids: entityIds,
});
export type InvitationCreate = z.infer<typeof InvitationCreateSchema>;

export const MemberUpdateSchema = z.object({
  role: MemberRoleSchema,
  entity_ids: entityIds,
});
export type MemberUpdate = z.infer<typeof MemberUpdateSchema>;

export const WorkspaceSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: TeamRoleSchema,
  owner_email: z.string(),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;
export const WorkspaceListSchema = z.object({ rows: z.array(WorkspaceSchema) });
export type WorkspaceList = z.infer<typeof WorkspaceListSchema>;

export const TeamMemberSchema = z.object({
  /** The member's user id (the owner's too); for an open invitation, the invitation's id. */
  id: z.string(),
  email: z.string(),
  name: z.nullable(z.string()),
  role: TeamRoleSchema,
  /** null: every entity. */
  entity_ids: z.nullable(z.array(z.string())),
  status: z.enum(['active', 'invited']),
  joined_at: z.nullable(z.string()),
  last_active_at: z.nullable(z.string()),
  /** Invitations only: when the link stops working. */
  expires_at: z.optional(z.nullable(z.string())),
});
export type TeamMember = z.infer<typeof TeamMemberSchema>;
export const TeamMemberListSchema = z.object({
  rows: z.array(TeamMemberSchema),
  /** Seats taken: the owner, the members and the open invitations. */
  seats_used: z.number(),
  /** null: unlimited. */
  seat_limit: z.nullable(z.number()),
});
export type TeamMemberList = z.infer<typeof TeamMemberListSchema>;

export const InvitationCreatedSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: MemberRoleSchema,
  entity_ids: z.nullable(z.array(z.string())),
  expires_at: z.string(),
});

export const InvitationPreviewSchema = z.object({
  workspace_name: z.string(),
  inviter: z.string(),
  role: MemberRoleSchema,
  email: z.string(),
  expires_at: z.string(),
  /** The workspace's brand (white label), or Cadence's when it has none: the invite page wears it. */
  brand: BrandSchema,
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const InvitationAcceptedSchema = z.object({ workspace: WorkspaceSchema });
export type InvitationAccepted = z.infer<typeof InvitationAcceptedSchema>;

export const InvitationTokenParamsSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
});
export const TeamIdParamsSchema = z.object({ id: z.uuid() });
