/**
 * Logs' door: the container builds the logs service and the app registers the customer's
 * publishing-log routes; publishing writes the attempt rows through `insertLog`/`logInsert`.
 */
export { registerLogRoutes } from './logs.routes.js';
export { createLogsService, type LogsService } from './logs.service.js';
export { insertLog, logInsert, type LogEntry } from './logs.repository.js';
