import { EmailSchema, TierSchema } from '@cadence/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { customerSubscriptions, subscriptionPlans, users } from '../../db/schema.js';

/** Puts a customer on a tier, for the admin command (buying plans comes later). */
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
  const [plan] = await db
    .select({ id: subscriptionPlans.id, name: subscriptionPlans.name })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.tier, tier.data))
    .limit(1);
  if (!plan) return { ok: false, message: `The ${tier.data} plan does not exist.` };

  const now = new Date();
  await db
    .insert(customerSubscriptions)
    .values({ userId: user.id, planId: plan.id, status: 'active', activatedAt: now })
    .onConflictDoUpdate({
      target: customerSubscriptions.userId,
      set: { planId: plan.id, status: 'active', activatedAt: now, updatedAt: now },
    });
  return { ok: true, message: `${email.data} is now on the ${plan.name} plan.` };
}
