import { eq } from 'drizzle-orm';
import { EmailSchema } from '@cadence/shared';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';

export async function setAdmin(db: Db, rawEmail: string, isAdmin: boolean) {
  const parsed = EmailSchema.safeParse(rawEmail);
  if (!parsed.success) return { ok: false, message: `"${rawEmail}" is not a valid email address.` };
  const email = parsed.data;
  const [user] = await db
    .update(users)
    .set({ isAdmin, updatedAt: new Date() })
    .where(eq(users.email, email))
    .returning({ id: users.id });
  if (!user) return { ok: false, message: `No account uses ${email}.` };
  return {
    ok: true,
    message: isAdmin ? `${email} is now an admin.` : `${email} is no longer an admin.`,
  };
}
