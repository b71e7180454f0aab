/**
 * Bulk scheduling's door: the container builds the imports service (a CSV file's rows made
 * into posts through the posts, schedules and queue services, all in one transaction or
 * none), the app registers its route.
 */
export {
  createImportsService,
  type ImportsService,
  type SavedSettings,
  type ServicesInTransaction,
} from './imports.service.js';
export { registerImportRoutes } from './imports.routes.js';
