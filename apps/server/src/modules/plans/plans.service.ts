import { EmailSchema, TierSchema } from '@cadence/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/auth.js';
import { setPlanByAdmin } from '../billing/index.js';

/** Puts a customer on a tier without payment, for the admin command. */
export async function setTier(db: Db, rawEmail: string, rawTier: string) {
  const email = EmailSchema.safeParse(rawEmail);
  if (!email.success) return { ok: false, message: `"${rawEmail}" is not a valid email address.` };
  const tier = TierSchema.safeParse(rawTier);
  if (!tier.success)
    return { ok: false, message: tier.error.issues[0]?.message ?? 'Unknown tier.' };

  const [user] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, email.data))
    .limit(1);
  if (!user) return { ok: false, message: `No account uses ${email.data}.` };
  const result = await setPlanByAdmin(db, user.id, tier.data, null, null);
  return { ok: true, message: `${email.data} is now on the ${result.planName} plan.` };
}
