import type { Gender } from '@cadence/shared';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { lockAdminRights } from '../../db/admin-rights.js';
import type { DbExecutor } from '../../db/client.js';
import { otpClientAttempts, otpCodes, users, type UserRow } from '../../db/schema/auth.js';
import type { CodePurpose } from './otp.js';

export async function findUserByEmail(db: DbExecutor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findUserById(db: DbExecutor, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/**
 * Creates the pending account unless the address already has one, and answers the account
 * either way. An existing one is left as it is: a pending account's name and password change
 * only with its code (docs/decisions/090, 104).
 */
export async function insertPendingUser(
  db: DbExecutor,
  input: { name: string; email: string; passwordHash: string },
): Promise<UserRow> {
  const [created] = await db
    .insert(users)
    .values({ name: input.name, email: input.email, passwordHash: input.passwordHash })
    .onConflictDoNothing({ target: users.email })
    .returning();
  return created ?? (await findUserByEmail(db, input.email))!;
}

/** Serialises the codes of one address and purpose across processes, for one transaction. */
export async function lockCodes(db: DbExecutor, email: string, purpose: CodePurpose) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp\n${purpose}\n${email}`}))`);
}

/** Every stored code of the address and purpose, with this client's wrong tries at each. */
export async function findCodes(
  db: DbExecutor,
  email: string,
  purpose: CodePurpose,
  clientKey: string,
) {
  return db
    .select({
      id: otpCodes.id,
      userId: otpCodes.userId,
      codeHash: otpCodes.codeHash,
      attempts: otpCodes.attempts,
      sentAt: otpCodes.sentAt,
      expiresAt: otpCodes.expiresAt,
      consumedAt: otpCodes.consumedAt,
      clientKey: otpCodes.clientKey,
      clientWrong: sql<number>`coalesce(${otpClientAttempts.wrong}, 0)`.mapWith(Number),
    })
    .from(otpCodes)
    .leftJoin(
      otpClientAttempts,
      and(eq(otpClientAttempts.otpId, otpCodes.id), eq(otpClientAttempts.clientKey, clientKey)),
    )
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)));
}
export type StoredCode = Awaited<ReturnType<typeof findCodes>>[number];

/**
 * Makes room for a client's new code: its own earlier codes go (a new code replaces the
 * one it was sent before), and so do everyone's codes that ended more than a day ago.
 */
export async function deleteStaleCodes(
  db: DbExecutor,
  input: { email: string; purpose: CodePurpose; clientKey: string; now: Date },
) {
  const dayAgo = new Date(input.now.getTime() - 86_400_000);
  await db
    .delete(otpCodes)
    .where(
      and(
        eq(otpCodes.email, input.email),
        eq(otpCodes.purpose, input.purpose),
        or(eq(otpCodes.clientKey, input.clientKey), lt(otpCodes.expiresAt, dayAgo)),
      ),
    );
}

export async function insertCode(
  db: DbExecutor,
  input: {
    email: string;
    purpose: CodePurpose;
    userId: string | null;
    codeHash: string;
    clientKey: string;
    sentAt: Date;
    expiresAt: Date;
  },
) {
  const [otp] = await db.insert(otpCodes).values(input).returning({ id: otpCodes.id });
  return otp!;
}

export async function deleteOtp(db: DbExecutor, id: string) {
  await db.delete(otpCodes).where(eq(otpCodes.id, id));
}

/** One wrong try at each code: in all, and from this client. */
export async function recordWrongTries(db: DbExecutor, ids: string[], clientKey: string) {
  if (ids.length === 0) return;
  await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(inArray(otpCodes.id, ids));
  await db
    .insert(otpClientAttempts)
    .values(ids.map((otpId) => ({ otpId, clientKey, wrong: 1 })))
    .onConflictDoUpdate({
      target: [otpClientAttempts.otpId, otpClientAttempts.clientKey],
      set: { wrong: sql`${otpClientAttempts.wrong} + 1` },
    });
}

/** A code was accepted: every code of the address and purpose has done its work. */
export async function consumeCodes(db: DbExecutor, email: string, purpose: CodePurpose, now: Date) {
  await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(
      and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)),
    );
}

/** The name typed on the sign-up form, set together with the code that verifies it. */
export async function renameUser(db: DbExecutor, userId: string, name: string, now: Date) {
  await db.update(users).set({ name, updatedAt: now }).where(eq(users.id, userId));
}

export async function markVerified(db: DbExecutor, userId: string, now: Date) {
  await db
    .update(users)
    .set({
      isVerified: true,
      verifiedAt: sql`coalesce(${users.verifiedAt}, ${now.toISOString()})`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** The first account verified on an instance runs it. */
export async function promoteIfFirstAdmin(db: DbExecutor, userId: string) {
  await lockAdminRights(db);
  await db
    .update(users)
    .set({ isAdmin: true })
    .where(
      and(
        eq(users.id, userId),
        sql`not exists (select 1 from ${users} where ${users.isAdmin} = true)`,
      ),
    );
}

/** Sets a new password and invalidates every token issued before; answers the new version. */
export async function replacePassword(
  db: DbExecutor,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<number | undefined> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ tokenVersion: users.tokenVersion });
  return row?.tokenVersion;
}

export async function recordSignIn(db: DbExecutor, userId: string, now: Date) {
  await db.update(users).set({ lastSignInAt: now }).where(eq(users.id, userId));
}

/** Grants or removes admin rights (the admin panel and the `admin` command). */
export async function setUserAdmin(db: DbExecutor, userId: string, isAdmin: boolean, at: Date) {
  await db.update(users).set({ isAdmin, updatedAt: at }).where(eq(users.id, userId));
}

/** The profile fields the customer edits, and a new avatar when one was sent. */
export async function updateProfile(
  db: DbExecutor,
  userId: string,
  input: {
    name: string;
    gender: Gender | null;
    address: string | null;
    avatar?: { key: string; url: string };
    now: Date;
  },
) {
  const [row] = await db
    .update(users)
    .set({
      name: input.name,
      gender: input.gender,
      address: input.address,
      ...(input.avatar ? { avatarKey: input.avatar.key, avatarUrl: input.avatar.url } : {}),
      updatedAt: input.now,
    })
    .where(eq(users.id, userId))
    .returning({
      name: users.name,
      email: users.email,
      gender: users.gender,
      address: users.address,
      avatarKey: users.avatarKey,
      avatarUrl: users.avatarUrl,
    });
  return row;
}

/** The account row; everything it owns goes with it through ON DELETE CASCADE. */
export async function deleteUser(db: DbExecutor, userId: string) {
  const rows = await db.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return rows.length > 0;
}
