import { and, eq, sql } from 'drizzle-orm';
import type { OtpPurpose } from '@cadence/shared';
import { lockAdminRights } from '../../db/admin-rights.js';
import type { DbExecutor } from '../../db/client.js';
import { otpCodes, users, type OtpCodeRow, type UserRow } from '../../db/schema.js';

export async function findUserByEmail(db: DbExecutor, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findUserById(db: DbExecutor, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/**
 * Creates the pending account, or replaces the name and password of one that was never
 * verified. Answers undefined when the email belongs to a verified account.
 */
export async function upsertPendingUser(
  db: DbExecutor,
  input: { name: string; email: string; passwordHash: string; now: Date },
): Promise<UserRow | undefined> {
  const [user] = await db
    .insert(users)
    .values({ name: input.name, email: input.email, passwordHash: input.passwordHash })
    .onConflictDoUpdate({
      target: users.email,
      set: { name: input.name, passwordHash: input.passwordHash, updatedAt: input.now },
      setWhere: eq(users.isVerified, false),
    })
    .returning();
  return user;
}

export async function findOtp(
  db: DbExecutor,
  email: string,
  purpose: OtpPurpose,
  options: { forUpdate?: boolean } = {},
): Promise<OtpCodeRow | undefined> {
  const query = db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)))
    .limit(1);
  const [otp] = options.forUpdate ? await query.for('update') : await query;
  return otp;
}

/**
 * Stores a fresh code for the email and purpose, replacing the old one, unless the old one
 * was sent less than `lockSeconds` ago. Answers undefined when the resend lock holds.
 */
export async function replaceOtp(
  db: DbExecutor,
  input: {
    email: string;
    purpose: OtpPurpose;
    userId: string | null;
    codeHash: string;
    sentAt: Date;
    expiresAt: Date;
    lockSeconds: number;
  },
): Promise<OtpCodeRow | undefined> {
  const unlockedBefore = new Date(input.sentAt.getTime() - input.lockSeconds * 1000);
  const fresh = {
    userId: input.userId,
    codeHash: input.codeHash,
    attempts: 0,
    sentAt: input.sentAt,
    expiresAt: input.expiresAt,
    consumedAt: null,
  };
  const [otp] = await db
    .insert(otpCodes)
    .values({ email: input.email, purpose: input.purpose, ...fresh })
    .onConflictDoUpdate({
      target: [otpCodes.email, otpCodes.purpose],
      set: fresh,
      setWhere: sql`${otpCodes.sentAt} <= ${unlockedBefore.toISOString()}`,
    })
    .returning();
  return otp;
}

export async function deleteOtp(db: DbExecutor, id: string) {
  await db.delete(otpCodes).where(eq(otpCodes.id, id));
}

export async function recordWrongOtp(db: DbExecutor, id: string) {
  await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(eq(otpCodes.id, id));
}

export async function consumeOtp(db: DbExecutor, id: string, now: Date) {
  await db.update(otpCodes).set({ consumedAt: now }).where(eq(otpCodes.id, id));
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
