import { createHash, randomBytes } from 'node:crypto';
import {
  type Brand,
  DEFAULT_BRAND,
  INVITATION_VALID_DAYS,
  TEAM_MESSAGES,
  type InvitationCreate,
  type InvitationPreview,
  type MemberUpdate,
  type TeamMember,
  type TeamMemberList,
  type TeamRole,
  type Workspace,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { Mailer } from '../../integrations/mail.js';
import type { Clock } from '../../lib/clock.js';
import { getEntitlements } from '../plans/index.js';
import { invitationEmail } from './invitation-email.js';
import * as repo from './team.repository.js';

/** Who acts in a request: the signed-in person, with their role and entities there. */
export interface Actor {
  id: string;
  name: string;
  email: string;
  role: TeamRole;
  /** null: every entity of the workspace. */
  entityIds: string[] | null;
}

/** A person's standing in the workspace a request names. */
export interface Standing {
  /** The workspace's id: its owner's user id (what every query is scoped by). */
  workspaceId: string;
  role: TeamRole;
  entityIds: string[] | null;
}

export interface TeamServiceDeps {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger: FastifyBaseLogger;
  publicUrl: string;
  /** The brand a workspace shows now (branding's door, passed in by the composition root). */
  brandOf: (workspaceId: string) => Promise<Brand>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** last_active_at is written at most this often per member. */
const TOUCH_EVERY_MS = 60_000;

export const hashInvitationToken = (token: string) =>
  createHash('sha256').update(token).digest('hex');

const invitationNotFound = () =>
  AppError.notFound(TEAM_MESSAGES.invitationNotFound, 'INVITATION_NOT_FOUND');

export function createTeamService(deps: TeamServiceDeps) {
  const { db, clock } = deps;

  /** Entity ids limited to the workspace's own; empty means every entity (null). */
  async function checkedEntities(workspaceId: string, ids: string[] | null | undefined) {
    if (!ids || ids.length === 0) return null;
    const unique = [...new Set(ids)];
    const owned = await repo.ownedEntityIds(db, workspaceId, unique);
    if (owned.length !== unique.length)
      throw AppError.badRequest(TEAM_MESSAGES.entityNotYours, 'VALIDATION_FAILED');
    return unique;
  }

  async function seatLimit(workspaceId: string) {
    return (await getEntitlements(db, workspaceId, clock())).maxMembers;
  }

  const service = {
    /**
     * The standing of `personId` in the workspace `header` names (absent: their own, as
     * owner). A stranger to it: 403 NOT_A_MEMBER. Read at every request, never cached, so a
     * removed member's next request is refused.
     */
    async standing(personId: string, header: string | undefined): Promise<Standing> {
      const workspaceId = header?.trim();
      if (!workspaceId || workspaceId === personId)
        return { workspaceId: personId, role: 'owner', entityIds: null };
      if (!UUID.test(workspaceId))
        throw AppError.forbidden(TEAM_MESSAGES.notAMember, 'NOT_A_MEMBER');
      const membership = await repo.findMembership(db, workspaceId.toLowerCase(), personId);
      if (!membership) throw AppError.forbidden(TEAM_MESSAGES.notAMember, 'NOT_A_MEMBER');
      const now = clock();
      if (
        !membership.lastActiveAt ||
        now.getTime() - membership.lastActiveAt.getTime() > TOUCH_EVERY_MS
      )
        await repo.touchMembership(db, membership.id, now);
      return {
        workspaceId: workspaceId.toLowerCase(),
        role: membership.role,
        entityIds:
          membership.entityIds && membership.entityIds.length > 0 ? membership.entityIds : null,
      };
    },

    /**
     * The people an event about `entityId` concerns in a workspace: its owner and every
     * member for whom that entity exists (all of them for members not limited to some; an
     * event of no entity concerns only those), optionally only those of some roles (who
     * approves: the owner and managers). Read when the event happens: a removed member is
     * no longer among them.
     */
    async peopleConcerned(
      workspaceId: string,
      entityId: string | null,
      roles?: readonly TeamRole[],
    ): Promise<string[]> {
      const members = await repo.listMemberAccess(db, workspaceId);
      const concerned = members.filter(
        (member) =>
          (!roles || roles.includes(member.role)) &&
          (member.entityIds === null ||
            member.entityIds.length === 0 ||
            (entityId !== null && member.entityIds.includes(entityId))),
      );
      return [
        ...(!roles || roles.includes('owner') ? [workspaceId] : []),
        ...concerned.map((member) => member.userId),
      ];
    },

    /** Whether the person is the workspace's owner or one of its members now. */
    async belongsTo(workspaceId: string, personId: string): Promise<boolean> {
      if (workspaceId === personId) return true;
      return (await repo.findMembership(db, workspaceId, personId)) !== undefined;
    },

    /** The person's own workspace first, then the ones they were invited to. */
    async workspaces(person: { id: string; name: string; email: string }): Promise<Workspace[]> {
      const others = await repo.listMembershipsOf(db, person.id);
      return [
        { id: person.id, name: person.name, role: 'owner', owner_email: person.email },
        ...others.map((row) => ({
          id: row.id,
          name: row.name,
          role: row.role,
          owner_email: row.ownerEmail,
        })),
      ];
    },

    async members(workspaceId: string): Promise<TeamMemberList> {
      const now = clock();
      const [owner, members, invited, limit] = await Promise.all([
        repo.findUser(db, workspaceId),
        repo.listMembers(db, workspaceId),
        repo.listOpenInvitations(db, workspaceId, now),
        seatLimit(workspaceId),
      ]);
      const rows: TeamMember[] = [
        {
          id: workspaceId,
          email: owner?.email ?? '',
          name: owner?.name ?? null,
          role: 'owner',
          entity_ids: null,
          status: 'active',
          joined_at: null,
          last_active_at: null,
        },
        ...members.map((member) => ({
          id: member.id,
          email: member.email,
          name: member.name,
          role: member.role,
          entity_ids: member.entityIds && member.entityIds.length > 0 ? member.entityIds : null,
          status: 'active' as const,
          joined_at: member.joinedAt.toISOString(),
          last_active_at: member.lastActiveAt?.toISOString() ?? null,
        })),
        ...invited.map((invitation) => ({
          id: invitation.id,
          email: invitation.email,
          name: null,
          role: invitation.role,
          entity_ids: invitation.entityIds,
          status: 'invited' as const,
          joined_at: null,
          last_active_at: null,
          expires_at: invitation.expiresAt.toISOString(),
        })),
      ];
      return { rows, seats_used: rows.length, seat_limit: limit };
    },

    /** Sends an invitation; over the plan's seats: 403 PLAN_LIMIT. */
    async invite(
      workspaceId: string,
      inviter: { id: string; name: string },
      input: InvitationCreate,
    ) {
      const now = clock();
      const entityIds = await checkedEntities(workspaceId, input.entity_ids);
      const token = randomBytes(32).toString('base64url');
      const owner = await repo.findUser(db, workspaceId);
      if (!owner) throw AppError.forbidden(TEAM_MESSAGES.notAMember, 'NOT_A_MEMBER');
      if (owner.email === input.email)
        throw AppError.conflict(TEAM_MESSAGES.inviteSelf, 'ALREADY_MEMBER');
      const expiresAt = new Date(now.getTime() + INVITATION_VALID_DAYS * 86_400_000);
      const invitation = await db.transaction(async (tx) => {
        await repo.lockWorkspaceSeats(tx, workspaceId);
        const existing = await repo.findUserByEmail(tx, input.email);
        if (existing && (await repo.findMembership(tx, workspaceId, existing.id)))
          throw AppError.conflict(TEAM_MESSAGES.alreadyMember, 'ALREADY_MEMBER');
        const open = await repo.listOpenInvitations(tx, workspaceId, now);
        if (open.some((row) => row.email === input.email))
          throw AppError.conflict(TEAM_MESSAGES.alreadyInvited, 'ALREADY_INVITED');
        const limit = (await getEntitlements(tx, workspaceId, now)).maxMembers;
        if (limit !== null && (await repo.countSeats(tx, workspaceId, now)) >= limit)
          throw AppError.forbidden(TEAM_MESSAGES.seats(limit), 'PLAN_LIMIT');
        return repo.insertInvitation(tx, {
          workspaceId,
          tokenHash: hashInvitationToken(token),
          email: input.email,
          role: input.role,
          entityIds,
          invitedBy: inviter.id,
          expiresAt,
          createdAt: now,
        });
      });
      const url = `${deps.publicUrl.replace(/\/$/, '')}/invite/${token}`;
      try {
        // The workspace's brand, when it has one: the sender's name and the mail's header.
        const brand = await deps.brandOf(workspaceId);
        await deps.mailer.send({
          to: input.email,
          ...invitationEmail({
            inviter: inviter.name,
            workspace: owner.name,
            role: input.role,
            url,
            validDays: INVITATION_VALID_DAYS,
            brand,
          }),
          ...(brand.name !== DEFAULT_BRAND.name ? { fromName: brand.name } : {}),
        });
      } catch (error) {
        deps.logger.error({ err: error }, 'invitation mail failed');
        await repo.deleteInvitation(db, workspaceId, invitation.id);
        throw AppError.badGateway(
          'The invitation mail could not be sent. Try again.',
          'MAIL_FAILED',
        );
      }
      return {
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        entity_ids: invitation.entityIds,
        expires_at: invitation.expiresAt.toISOString(),
      };
    },

    /** What the invite page shows before signing in; expired or used: 404. */
    async preview(token: string): Promise<InvitationPreview> {
      const invitation = await repo.findInvitationByHash(db, hashInvitationToken(token));
      if (!invitation || invitation.usedAt || invitation.expiresAt <= clock())
        throw invitationNotFound();
      const [owner, inviter, brand] = await Promise.all([
        repo.findUser(db, invitation.workspaceId),
        invitation.invitedBy ? repo.findUser(db, invitation.invitedBy) : undefined,
        deps.brandOf(invitation.workspaceId),
      ]);
      if (!owner) throw invitationNotFound();
      return {
        workspace_name: owner.name,
        inviter: (inviter ?? owner).name,
        role: invitation.role,
        email: invitation.email,
        expires_at: invitation.expiresAt.toISOString(),
        brand,
      };
    },

    /** Joins the signed-in person to the invitation's workspace; only its own address. */
    async accept(token: string, person: { id: string; email: string }): Promise<Workspace> {
      const now = clock();
      return db.transaction(async (tx) => {
        const invitation = await repo.findInvitationByHash(tx, hashInvitationToken(token));
        if (!invitation || invitation.usedAt || invitation.expiresAt <= now)
          throw invitationNotFound();
        if (invitation.email !== person.email.toLowerCase())
          throw AppError.forbidden(
            TEAM_MESSAGES.invitationNotYours(invitation.email),
            'INVITATION_NOT_YOURS',
          );
        if (invitation.workspaceId === person.id)
          throw AppError.conflict(TEAM_MESSAGES.inviteSelf, 'ALREADY_MEMBER');
        if (!(await repo.useInvitation(tx, invitation.id, now))) throw invitationNotFound();
        await repo.insertMembership(tx, {
          workspaceId: invitation.workspaceId,
          userId: person.id,
          role: invitation.role,
          entityIds: invitation.entityIds,
          invitedBy: invitation.invitedBy,
          createdAt: now,
        });
        const owner = await repo.findUser(tx, invitation.workspaceId);
        return {
          id: invitation.workspaceId,
          name: owner?.name ?? '',
          role: invitation.role,
          owner_email: owner?.email ?? '',
        };
      });
    },

    async cancelInvitation(workspaceId: string, id: string) {
      if (!(await repo.deleteInvitation(db, workspaceId, id))) throw invitationNotFound();
    },

    async updateMember(workspaceId: string, userId: string, input: MemberUpdate) {
      const entityIds = await checkedEntities(workspaceId, input.entity_ids);
      if (!(await repo.updateMembership(db, workspaceId, userId, { role: input.role, entityIds })))
        throw AppError.notFound(TEAM_MESSAGES.memberNotFound, 'MEMBER_NOT_FOUND');
      const rows = (await service.members(workspaceId)).rows;
      return rows.find((row) => row.id === userId && row.status === 'active')!;
    },

    /** The member's next request in the workspace is refused; their posts stay. */
    async removeMember(workspaceId: string, userId: string) {
      if (!(await repo.deleteMembership(db, workspaceId, userId)))
        throw AppError.notFound(TEAM_MESSAGES.memberNotFound, 'MEMBER_NOT_FOUND');
    },

    /** The people of a workspace: its owner and members (for notifications). */
    async peopleOf(workspaceId: string) {
      const members = await repo.listMembers(db, workspaceId);
      return [
        { id: workspaceId, role: 'owner' as TeamRole, entityIds: null as string[] | null },
        ...members.map((member) => ({
          id: member.id,
          role: member.role,
          entityIds: member.entityIds && member.entityIds.length > 0 ? member.entityIds : null,
        })),
      ];
    },
  };
  return service;
}

export type TeamService = ReturnType<typeof createTeamService>;
