/**
 * Billing's door: what the rest of the server may use of it. The container builds billing
 * with `createBilling`, the app registers its routes, the worker runs its renewals; admin
 * and plans use the admin's plan changes and the subscription rule. Everything else in
 * this folder is billing's own.
 */
export { createBilling } from './billing.factory.js';
export type { BillingService } from './billing.service.js';
export { registerBillingRoutes } from './billing.routes.js';
export {
  setPlanByAdmin,
  updatePlanPricing,
  type PlanPriceChange,
} from './admin-billing.service.js';
export { GRACE_PERIOD_DAYS, subscriptionGivesPlan } from './subscription-rules.js';
