/** Settings' door: the container builds the customer's settings service, the app registers its routes. */
export { createSettingsService, type SettingsService } from './settings.service.js';
export { registerSettingsRoutes } from './settings.routes.js';
