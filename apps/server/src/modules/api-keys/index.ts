/**
 * API keys' door: the container builds the service, the app registers the customer's key
 * routes (Settings > Developer Info) and the public API under /api/v1 (key authentication).
 */
export {
  assertScope,
  createApiKeysService,
  mayUseEntity,
  type ApiKeysService,
  type ApiCaller,
} from './api-keys.service.js';
export {
  createApiKeyCheck,
  registerApiKeyRoutes,
  registerPublicApiRoutes,
  requireApiCaller,
  requireScope,
} from './api-keys.routes.js';
