import { EmailSchema, TierSchema, type Tier } from '@cadence/shared';
import { eq } from 'drizzle-orm';
import type { Db, DbExecutor } from '../../db/client.js';
import { AppError } from '../../errors.js';
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
  const plan = await assignPlan(db, { userId: user.id, tier: tier.data, at: new Date() }).catch(
    (error: unknown) => {
      if (error instanceof AppError) return undefined;
      throw error;
    },
  );
  if (!plan) return { ok: false, message: `The ${tier.data} plan does not exist.` };
  return { ok: true, message: `${email.data} is now on the ${plan.name} plan.` };
}

/**
 * Puts a customer on a tier's plan without payment (the admin command and the admin panel),
 * active at once, with an optional price of their own in cents. Answers the plan.
 */
export async function assignPlan(
  db: DbExecutor,
  input: { userId: string; tier: Tier; priceOverrideCents?: number | null; at: Date },
) {
  const [plan] = await db
    .select({ id: subscriptionPlans.id, name: subscriptionPlans.name })
    .from(subscriptionPlans)
    .where(eq(subscriptionPlans.tier, input.tier))
    .limit(1);
  if (!plan) throw AppError.notFound(`The ${input.tier} plan does not exist.`, 'PLAN_NOT_FOUND');
  const values = {
    planId: plan.id,
    status: 'active',
    activatedAt: input.at,
    priceOverrideCents: input.priceOverrideCents ?? null,
  };
  await db
    .insert(customerSubscriptions)
    .values({ userId: input.userId, ...values })
    .onConflictDoUpdate({
      target: customerSubscriptions.userId,
      set: { ...values, updatedAt: input.at },
    });
  return plan;
}
