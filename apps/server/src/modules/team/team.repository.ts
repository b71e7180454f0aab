import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { MemberRole } from '@cadence/shared';
import type { DbExecutor } from '../../db/client.js';
import { users } from '../../db/schema/auth.js';
import { companies } from '../../db/schema/companies.js';
import { invitations, memberships } from '../../db/schema/team.js';

export async function findMembership(db: DbExecutor, workspaceId: string, userId: string) {
  const [row] = await db
    .select({
      id: memberships.id,
      role: memberships.role,
      entityIds: memberships.entityIds,
      lastActiveAt: memberships.lastActiveAt,
    })
    .from(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .limit(1);
  return row;
}

/** Every member of the workspace with their role and entities (who an event concerns). */
export async function listMemberAccess(db: DbExecutor, workspaceId: string) {
  return db
    .select({
      userId: memberships.userId,
      role: memberships.role,
      entityIds: memberships.entityIds,
    })
    .from(memberships)
    .where(eq(memberships.workspaceId, workspaceId));
}

export async function touchMembership(db: DbExecutor, id: string, now: Date) {
  await db.update(memberships).set({ lastActiveAt: now }).where(eq(memberships.id, id));
}

/** The workspaces a person is a member of (not their own), oldest membership first. */
export async function listMembershipsOf(db: DbExecutor, userId: string) {
  return db
    .select({
      id: memberships.workspaceId,
      role: memberships.role,
      name: users.name,
      ownerEmail: users.email,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.workspaceId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.id));
}

export async function findUser(db: DbExecutor, id: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

export async function findUserByEmail(db: DbExecutor, email: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return row;
}

export async function listMembers(db: DbExecutor, workspaceId: string) {
  return db
    .select({
      id: memberships.userId,
      email: users.email,
      name: users.name,
      role: memberships.role,
      entityIds: memberships.entityIds,
      joinedAt: memberships.createdAt,
      lastActiveAt: memberships.lastActiveAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.workspaceId, workspaceId))
    .orderBy(asc(memberships.createdAt), asc(users.email));
}

/** Invitations not used and not expired: they hold a seat. */
export async function listOpenInvitations(db: DbExecutor, workspaceId: string, now: Date) {
  return db
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        isNull(invitations.usedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .orderBy(asc(invitations.createdAt), asc(invitations.id));
}

/** Seats taken: the owner, the members and the open invitations. */
export async function countSeats(db: DbExecutor, workspaceId: string, now: Date) {
  const result = await db.execute(sql`
    select 1
      + (select count(*) from ${memberships} where ${memberships.workspaceId} = ${workspaceId})::int
      + (select count(*) from ${invitations}
          where ${invitations.workspaceId} = ${workspaceId}
            and ${invitations.usedAt} is null
            and ${invitations.expiresAt} > ${now.toISOString()}::timestamptz)::int as seats
  `);
  const [row] = (result as { rows: Array<{ seats: number | string }> }).rows;
  return Number(row?.seats ?? 1);
}

/** Serialises seat counting per workspace for the rest of the transaction. */
export async function lockWorkspaceSeats(db: DbExecutor, workspaceId: string) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`team-seats:${workspaceId}`}))`);
}

export async function insertInvitation(
  db: DbExecutor,
  values: {
    workspaceId: string;
    tokenHash: string;
    email: string;
    role: MemberRole;
    entityIds: string[] | null;
    invitedBy: string;
    expiresAt: Date;
    createdAt: Date;
  },
) {
  const [row] = await db.insert(invitations).values(values).returning();
  return row!;
}

export async function findInvitationByHash(db: DbExecutor, tokenHash: string) {
  const [row] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks an open invitation used; false when it was used (or cancelled) meanwhile. */
export async function useInvitation(db: DbExecutor, id: string, now: Date) {
  const rows = await db
    .update(invitations)
    .set({ usedAt: now })
    .where(and(eq(invitations.id, id), isNull(invitations.usedAt), gt(invitations.expiresAt, now)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function deleteInvitation(db: DbExecutor, workspaceId: string, id: string) {
  const rows = await db
    .delete(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        eq(invitations.id, id),
        isNull(invitations.usedAt),
      ),
    )
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function insertMembership(
  db: DbExecutor,
  values: {
    workspaceId: string;
    userId: string;
    role: MemberRole;
    entityIds: string[] | null;
    invitedBy: string | null;
    createdAt: Date;
  },
) {
  await db
    .insert(memberships)
    .values(values)
    .onConflictDoUpdate({
      target: [memberships.workspaceId, memberships.userId],
      set: { role: values.role, entityIds: values.entityIds },
    });
}

export async function updateMembership(
  db: DbExecutor,
  workspaceId: string,
  userId: string,
  change: { role: MemberRole; entityIds: string[] | null },
) {
  const rows = await db
    .update(memberships)
    .set(change)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .returning({ id: memberships.id });
  return rows.length > 0;
}

export async function deleteMembership(db: DbExecutor, workspaceId: string, userId: string) {
  const rows = await db
    .delete(memberships)
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.userId, userId)))
    .returning({ id: memberships.id });
  return rows.length > 0;
}

/** The ids among `ids` that are entities of the workspace. */
export async function ownedEntityIds(db: DbExecutor, workspaceId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        eq(companies.userId, workspaceId),
        sql`${companies.id} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    );
  return rows.map((row) => row.id);
}
