/** Health's door: the app registers the health check. */
export { registerHealthRoutes } from './health.routes.js';
