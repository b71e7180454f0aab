import { eq } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  EmailSchema,
  settingLabel,
  centsToDollars,
  dollarsToCents,
  type AdminLogPage,
  type AdminPlan,
  type PlanUpdateInput,
  type PriceHistoryPage,
  type AdminLogsQuery,
  type AdminSetting,
  type AdminSettingsUpdate,
  type AdminUserDetails,
  type AdminUserPage,
  type AdminUsersQuery,
  type Deployment,
  type PublisherAction,
  type Stats,
  type UserSubscriptionUpdate,
} from '@cadence/shared';
import { lockAdminRights } from '../../db/admin-rights.js';
import type { Db } from '../../db/client.js';
import type { AdminSettingRow } from '../../db/schema/admin.js';
import { users } from '../../db/schema/auth.js';
import { AppError } from '../../errors.js';
import type { Clock } from '../../lib/clock.js';
import type { LiveSettings } from '../../lib/live-settings.js';
import { deleteSystemState, readSystemState, writeSystemState } from '../../lib/system-state.js';
import { setUserAdmin } from '../auth/index.js';
import type { CurrentUser } from '../auth/index.js';
import { setPlanByAdmin, updatePlanPricing } from '../billing/index.js';
import { changePublisherState, toStoredPublisherState } from '../publishing/index.js';
import * as repo from './admin.repository.js';
import type { ServiceMonitor } from './service-monitor.js';

/**
 * The admin command's grant and revoke, under the admin-rights lock like every other
 * change of the role; the only admin is not revoked (grant another account first).
 */
export async function setAdmin(db: Db, rawEmail: string, isAdmin: boolean) {
  const parsed = EmailSchema.safeParse(rawEmail);
  if (!parsed.success) return { ok: false, message: `"${rawEmail}" is not a valid email address.` };
  const email = parsed.data;
  return db.transaction(async (tx) => {
    await lockAdminRights(tx);
    const [user] = await tx
      .select({ id: users.id, isAdmin: users.isAdmin })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    if (!user) return { ok: false, message: `No account uses ${email}.` };
    if (!isAdmin && user.isAdmin && (await repo.countAdmins(tx)) <= 1) {
      return {
        ok: false,
        message: `${email} is the only admin. Grant the role to another account first (npm run admin -- grant <email>).`,
      };
    }
    await setUserAdmin(tx, user.id, isAdmin, new Date());
    return {
      ok: true,
      message: isAdmin ? `${email} is now an admin.` : `${email} is no longer an admin.`,
    };
  });
}

export interface AdminServiceDeps {
  db: Db;
  clock: Clock;
  /** Forgets this process's cached settings after a save (others re-read within the TTL). */
  settings: LiveSettings;
  monitor: ServiceMonitor;
  /** Drops this process's cached account after its role changed (decision 040). */
  forgetSession: (userId: string) => void;
}

/** Who acts: every change is written to the audit log under this person. */
export type Actor = Pick<CurrentUser, 'id' | 'email'>;

const DAY_MS = 24 * 60 * 60 * 1000;

function toSetting(row: AdminSettingRow): AdminSetting {
  return {
    id: row.id,
    key: row.key,
    value: row.value,
    description: row.description,
    updated_at: row.updatedAt.toISOString(),
  };
}

function toAdminUser(row: repo.UserWithPlan, freeName: string): AdminUserDetails {
  return {
    id: row.id,
    email: row.email,
    created_at: row.createdAt.toISOString(),
    last_sign_in_at: row.lastSignInAt?.toISOString() ?? null,
    is_admin: row.isAdmin,
    subscription: row.tier
      ? { tier: row.tier, name: row.planName ?? row.tier }
      : { tier: 'free', name: freeName },
    price_override: row.priceOverrideCents === null ? null : centsToDollars(row.priceOverrideCents),
  };
}

const formatPrice = (dollars: number | null) =>
  dollars === null ? 'none' : `$${dollars.toFixed(2)}`;

const isoOf = (value: string | Date | null) =>
  value === null ? null : new Date(value).toISOString();

/** The rules of the admin panel; routes call this after the admin guard. */
export function createAdminService(deps: AdminServiceDeps) {
  const { db, clock } = deps;

  return {
    async listSettings() {
      return (await repo.listSettings(db)).map(toSetting);
    },

    /** All or nothing: one value outside its range refuses the whole request. */
    async saveSettings(actor: Actor, input: AdminSettingsUpdate) {
      const keys = [...new Set(input.settings.map((setting) => setting.key))];
      const saved = await db.transaction(async (tx) => {
        const rows = new Map((await repo.lockSettings(tx, keys)).map((row) => [row.key, row]));
        const now = clock();
        for (const { key, value } of input.settings) {
          const row = rows.get(key);
          if (!row)
            throw AppError.badRequest(ADMIN_MESSAGES.unknownSetting(key), 'UNKNOWN_SETTING');
          const { min, max, unit } = row.value;
          if (value < min || value > max) {
            throw AppError.badRequest(
              ADMIN_MESSAGES.settingOutOfRange(settingLabel(key), min, max, unit),
              'SETTING_OUT_OF_RANGE',
            );
          }
        }
        for (const { key, value } of input.settings) {
          const row = rows.get(key)!;
          if (row.value.value === value) continue;
          await repo.updateSettingValue(tx, key, { ...row.value, value }, now);
          await repo.insertAudit(tx, {
            actorId: actor.id,
            actorEmail: actor.email,
            action: 'setting.update',
            target: key,
            before: row.value.value,
            after: value,
            message:
              `${actor.email} changed ${settingLabel(key)} from ${row.value.value} to ${value} ${row.value.unit}`.trim(),
            at: now,
          });
          row.value = { ...row.value, value };
        }
        return [...rows.values()];
      });
      deps.settings.invalidate();
      return saved.map(toSetting);
    },

    async readDeployment(): Promise<Deployment> {
      const value = await readSystemState(db, repo.DEPLOYMENT_KEY);
      return { next_deployment: typeof value?.at === 'string' ? value.at : null };
    },

    /** The deployment for the customers' banner: only within its last 24 hours. */
    async upcomingDeployment(): Promise<Deployment> {
      const { next_deployment: at } = await this.readDeployment();
      if (!at) return { next_deployment: null };
      const until = new Date(at).getTime() - clock().getTime();
      return { next_deployment: until > 0 && until <= DAY_MS ? at : null };
    },

    async setDeployment(actor: Actor, at: string | null): Promise<Deployment> {
      const before = await this.readDeployment();
      const iso = at === null ? null : new Date(at).toISOString();
      if (iso !== null && Date.parse(iso) <= clock().getTime()) {
        throw AppError.badRequest(ADMIN_MESSAGES.deploymentInPast, 'DEPLOYMENT_IN_PAST');
      }
      await db.transaction(async (tx) => {
        const now = clock();
        if (iso === null) await deleteSystemState(tx, repo.DEPLOYMENT_KEY);
        else await writeSystemState(tx, repo.DEPLOYMENT_KEY, { at: iso }, now);
        await repo.insertAudit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: iso ? 'deployment.set' : 'deployment.clear',
          target: 'next_deployment',
          before: before.next_deployment,
          after: iso,
          message: iso
            ? `${actor.email} set the next deployment to ${iso}`
            : `${actor.email} cleared the next deployment`,
          at: now,
        });
      });
      return { next_deployment: iso };
    },

    /** The Service Monitoring cards. */
    serviceMonitoring: () => deps.monitor.snapshot(),

    /** Start, Stop or Restart the publisher on every worker (they poll the stored state). */
    async publisherAction(actor: Actor, action: PublisherAction) {
      await db.transaction(async (tx) => {
        const now = clock();
        const { before, after } = await changePublisherState(tx, {
          stopped: action === 'stop' ? true : action === 'start' ? false : undefined,
          bumpGeneration: action === 'restart',
          by: actor.email,
          at: now,
        });
        await repo.insertAudit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: `publisher.${action}`,
          target: 'publisher',
          // The audit row keeps the state as stored.
          before: toStoredPublisherState(before),
          after: toStoredPublisherState(after),
          message: `${actor.email} ${action === 'stop' ? 'stopped' : `${action}ed`} the publisher`,
          at: now,
        });
      });
      return deps.monitor.snapshot();
    },

    async stats(): Promise<Stats> {
      const now = clock();
      const start = new Date(
        Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - 29 * DAY_MS,
      );
      const [totals, byDay] = await Promise.all([
        repo.countTotals(db),
        repo.publicationsByDay(db, start),
      ]);
      const days = Array.from({ length: 30 }, (_unused, index) => ({
        day: new Date(start.getTime() + index * DAY_MS).toISOString().slice(0, 10),
        published: 0,
        failed: 0,
        missed: 0,
        unconfirmed: 0,
      }));
      const byKey = new Map(days.map((day) => [day.day, day]));
      for (const row of byDay) {
        const day = byKey.get(row.day);
        if (day && row.status in day) day[row.status as 'published'] += Number(row.n);
      }
      return {
        total_posts: Number(totals.total_posts),
        scheduled_posts: Number(totals.scheduled_posts),
        total_users: Number(totals.total_users),
        api_calls: {
          openai: Number(totals.openai),
          networks: Number(totals.networks),
          other: Number(totals.other),
        },
        publications_by_day: days,
      };
    },

    async logs(query: AdminLogsQuery): Promise<AdminLogPage> {
      const page = await repo.listAllLogs(db, query);
      return {
        rows: page.rows.map((row) => ({
          id: row.id,
          kind: row.kind,
          timestamp: isoOf(row.created_at)!,
          platform: row.platform,
          status: row.status,
          message: row.message,
          error_code: row.error_code,
          retry_count: Number(row.retry_count),
          scheduled_for: isoOf(row.scheduled_for),
          customer_email: row.customer_email,
          // The person who acted in that workspace (a member, or the owner themself).
          acted_by: row.actor_email
            ? { name: row.actor_name || null, email: row.actor_email }
            : null,
        })),
        page: query.page,
        pageSize: query.pageSize,
        hasMore: page.hasMore,
      };
    },

    async users(query: AdminUsersQuery): Promise<AdminUserPage> {
      const [{ rows, total }, freeName] = await Promise.all([
        repo.listUsers(db, query),
        repo.freePlanName(db),
      ]);
      return {
        rows: rows.map((row) => {
          const { price_override: _unused, ...user } = toAdminUser(row, freeName);
          return user;
        }),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async user(userId: string): Promise<AdminUserDetails> {
      const row = await repo.findUser(db, userId);
      if (!row) throw AppError.notFound(ADMIN_MESSAGES.userNotFound, 'USER_NOT_FOUND');
      return toAdminUser(row, await repo.freePlanName(db));
    },

    /** Flips the user between User and Admin; answers whether they are admin now. */
    async toggleAdmin(actor: Actor, userId: string): Promise<boolean> {
      const isAdmin = await db.transaction(async (tx) => {
        await lockAdminRights(tx);
        const row = await repo.findUser(tx, userId);
        if (!row) throw AppError.notFound(ADMIN_MESSAGES.userNotFound, 'USER_NOT_FOUND');
        const isAdmin = !row.isAdmin;
        if (!isAdmin && (await repo.countAdmins(tx)) <= 1) {
          throw AppError.conflict(ADMIN_MESSAGES.lastAdmin, 'LAST_ADMIN');
        }
        const now = clock();
        await setUserAdmin(tx, userId, isAdmin, now);
        await repo.insertAudit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: isAdmin ? 'user.admin.grant' : 'user.admin.remove',
          target: row.email,
          before: row.isAdmin,
          after: isAdmin,
          message: `${actor.email} ${isAdmin ? 'granted admin access to' : 'removed admin access from'} ${row.email}`,
          at: now,
        });
        return isAdmin;
      });
      // The new role applies to this process's next request at once, elsewhere within 5 s.
      deps.forgetSession(userId);
      return isAdmin;
    },

    async plans(): Promise<AdminPlan[]> {
      return (await repo.listPlansWithMonthly(db)).map((plan) => ({
        id: plan.id,
        name: plan.name,
        tier: plan.tier,
        price: plan.priceCents === null ? null : centsToDollars(plan.priceCents),
        sale_price: plan.salePriceCents === null ? null : centsToDollars(plan.salePriceCents),
        sale_end_date: plan.saleEndsAt?.toISOString() ?? null,
        highlight_points: plan.highlightPoints,
        has_api: plan.hasApi,
        has_bulk_scheduling: plan.hasBulkScheduling,
        max_members: plan.maxMembers,
        has_white_label: plan.hasWhiteLabel,
      }));
    },

    /**
     * A plan's monthly price, sale and highlight points (dollars in, cents stored); billing's
     * `updatePlanPricing` writes the price history row in the same transaction as the audit.
     */
    async updatePlan(actor: Actor, planId: string, input: PlanUpdateInput) {
      const before = (await this.plans()).find((plan) => plan.id === planId);
      if (!before) throw AppError.notFound(ADMIN_MESSAGES.planNotFound, 'PLAN_NOT_FOUND');
      if (input.sale_price !== null && input.price !== null && input.sale_price >= input.price) {
        throw AppError.badRequest(ADMIN_MESSAGES.saleNotBelowPrice, 'SALE_NOT_BELOW_PRICE');
      }
      await db.transaction(async (tx) => {
        const now = clock();
        await updatePlanPricing(
          tx,
          planId,
          {
            priceCents: input.price === null ? null : dollarsToCents(input.price),
            salePriceCents: input.sale_price === null ? null : dollarsToCents(input.sale_price),
            saleEndsAt: input.sale_end_date === null ? null : new Date(input.sale_end_date),
            highlightPoints: input.highlight_points,
            ...(input.has_api === undefined ? {} : { hasApi: input.has_api }),
            ...(input.has_bulk_scheduling === undefined
              ? {}
              : { hasBulkScheduling: input.has_bulk_scheduling }),
            ...(input.max_members === undefined ? {} : { maxMembers: input.max_members }),
            ...(input.has_white_label === undefined
              ? {}
              : { hasWhiteLabel: input.has_white_label }),
          },
          actor.id,
          now,
        );
        await repo.insertAudit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'plan.update',
          target: before.tier,
          before,
          after: input,
          message: `${actor.email} updated the ${before.name} plan: price ${formatPrice(before.price)} -> ${formatPrice(input.price)}, sale ${formatPrice(before.sale_price)} -> ${formatPrice(input.sale_price)}${input.has_api === undefined || input.has_api === before.has_api ? '' : `, API access ${input.has_api ? 'on' : 'off'}`}${input.has_bulk_scheduling === undefined || input.has_bulk_scheduling === before.has_bulk_scheduling ? '' : `, bulk scheduling ${input.has_bulk_scheduling ? 'on' : 'off'}`}${input.max_members === undefined || input.max_members === before.max_members ? '' : `, team members ${before.max_members ?? 'unlimited'} -> ${input.max_members ?? 'unlimited'}`}${input.has_white_label === undefined || input.has_white_label === before.has_white_label ? '' : `, white label ${input.has_white_label ? 'on' : 'off'}`}`,
          at: now,
        });
      });
      return (await this.plans()).find((plan) => plan.id === planId)!;
    },

    async priceHistory(page: number, pageSize: number): Promise<PriceHistoryPage> {
      const { rows, total } = await repo.listPriceHistory(db, page, pageSize);
      const dollars = (cents: number | null) => (cents === null ? null : centsToDollars(cents));
      return {
        rows: rows.map((row) => ({
          id: row.id,
          plan_id: row.planId,
          plan_name:
            row.intervalUnit === 'month' ? row.planName : `${row.planName} (${row.intervalUnit})`,
          old_price: dollars(row.oldPriceCents),
          new_price: dollars(row.newPriceCents),
          old_sale_price: dollars(row.oldSalePriceCents),
          new_sale_price: dollars(row.newSalePriceCents),
          changed_by: row.changedBy,
          changed_at: row.changedAt.toISOString(),
        })),
        total,
        page,
        pageSize,
      };
    },

    /** Puts a customer on a tier without payment, with an optional price of their own. */
    async setSubscription(actor: Actor, userId: string, input: UserSubscriptionUpdate) {
      await db.transaction(async (tx) => {
        const row = await repo.findUser(tx, userId);
        if (!row) throw AppError.notFound(ADMIN_MESSAGES.userNotFound, 'USER_NOT_FOUND');
        const now = clock();
        const priceOverrideCents =
          input.price_override === null ? null : dollarsToCents(input.price_override);
        // Billing's one way to set a plan without payment (a savepoint inside this transaction).
        const plan = await setPlanByAdmin(
          tx,
          userId,
          input.tier,
          priceOverrideCents,
          actor.id,
          now,
        );
        await repo.insertAudit(tx, {
          actorId: actor.id,
          actorEmail: actor.email,
          action: 'user.subscription.set',
          target: row.email,
          before: { tier: row.tier ?? 'free', price_override_cents: row.priceOverrideCents },
          after: { tier: input.tier, price_override_cents: priceOverrideCents },
          message: `${actor.email} put ${row.email} on the ${plan.planName} plan${
            priceOverrideCents === null ? '' : ` at $${(priceOverrideCents / 100).toFixed(2)}`
          }`,
          at: now,
        });
      });
      return this.user(userId);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
