/**
 * API keys' door: the container builds the services, the app registers the customer's key
 * routes (Settings > Developer Info: keys and the call log), the hooks every public API
 * route follows (key check, rate limits, `Idempotency-Key`, call log) and the public API
 * routes of this module (/api/v1/me, /api/v1/media).
 */
export {
  assertScope,
  createApiKeysService,
  mayUseEntity,
  type ApiKeysService,
  type ApiCaller,
} from './api-keys.service.js';
export {
  createApiTrafficService,
  type ApiTrafficService,
  type PublicApiLimits,
} from './api-traffic.service.js';
export {
  lateFingerprint,
  registerPublicApiHooks,
  sendReplay,
  PUBLIC_API_PREFIXES,
} from './public-api.hooks.js';
export {
  registerApiKeyRoutes,
  registerPublicApiRoutes,
  requireApiCaller,
  requireScope,
} from './api-keys.routes.js';
