/** Logs' door: the app registers the customer's publishing-log routes. */
export { registerLogRoutes } from './logs.routes.js';
