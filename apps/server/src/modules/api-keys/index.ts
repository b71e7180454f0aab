/**
 * API keys' door: the container builds the service, the app registers the customer's key
 * routes (Settings > Developer Info) and the public API under /api/v1 (key authentication).
 */
export { createApiKeysService, type ApiKeysService, type ApiCaller } from './api-keys.service.js';
export {
  apiKeyCheck,
  registerApiKeyRoutes,
  registerPublicApiRoutes,
  requireApiCaller,
  requireScope,
} from './api-keys.routes.js';
