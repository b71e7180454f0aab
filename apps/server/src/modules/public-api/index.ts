/**
 * The public API's door: the container builds its service over the web app's services
 * (companies, posts, schedules, publishing, uploads); the app registers its routes under
 * /api/v1. Other doors for programs call the same service functions with an `ApiCaller`.
 */
export {
  createPublicApiService,
  toApiPublication,
  type ApiPage,
  type PublicApiService,
  type TaggedPost,
} from './public-api.service.js';
export { registerPublicApiResourceRoutes } from './public-api.routes.js';
export { etagOf } from './etag.js';
export { createApiMediaService, type ApiMediaService } from './media.service.js';
export { registerApiMediaRoutes } from './media.routes.js';
