/**
 * Plans' door: every module asks what the customer's plan allows (`getEntitlements`); the
 * CLI, the demo and the tests put an account on a tier (`setTier`).
 */
export { getEntitlements, type Entitlements } from './entitlements.js';
export { setTier } from './plans.service.js';
