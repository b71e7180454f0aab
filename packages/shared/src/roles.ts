// Roles in a workspace and what each may do: one table the server's route rules
// (apps/server/src/modules/team/route-rules.ts) and the web's buttons (`can`) both read, so
// what the web offers is what the server allows. No schemas and no imports: the app shell
// (every page, /login included) loads this file.

/** The header a request names its workspace with (absent: the caller's own). */
export const WORKSPACE_HEADER = 'x-workspace-id';

export const TEAM_ROLES = ['owner', 'manager', 'editor', 'viewer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

const RANK: Record<TeamRole, number> = { viewer: 0, editor: 1, manager: 2, owner: 3 };

/** Whether `role` may do what `needed` may do (owner > manager > editor > viewer). */
export function roleAllows(role: TeamRole, needed: TeamRole): boolean {
  return RANK[role] >= RANK[needed];
}

/**
 * The least role each kind of change needs. Reads are every member's; a member limited to
 * some entities sees only those (the server's `entityScope`).
 */
export const ACTION_ROLES = {
  /** Write, edit, delete, schedule and publish posts; the writing helpers; comments. */
  writePosts: 'editor',
  /** Create, edit and delete entities (their logo, queue, approval, review links). */
  manageEntities: 'manager',
  /** Connect and disconnect an entity's networks. */
  connectNetworks: 'manager',
  /** Approve posts or send them back with changes. */
  approvePosts: 'manager',
  /** The workspace's settings (time zone, limits), API keys and webhooks. */
  manageWorkspace: 'manager',
  /** Plans, payments, receipts and the subscription. */
  billing: 'owner',
  /** Invite, change and remove members. */
  manageTeam: 'owner',
  /** The white-label brand. */
  branding: 'owner',
  /** Export the workspace's data, or delete it with the account. */
  ownAccount: 'owner',
} as const satisfies Record<string, TeamRole>;
export type RoleAction = keyof typeof ACTION_ROLES;

/** Whether someone with `role` in a workspace may do `action` there. */
export function can(role: TeamRole, action: RoleAction): boolean {
  return roleAllows(role, ACTION_ROLES[action]);
}
