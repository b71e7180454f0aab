/**
 * Admin's door: the container builds the admin service and the service monitor, the app
 * registers the admin routes, every process beats its heartbeat, and the CLI (and the demo)
 * grant or take admin rights.
 */
export { createAdminService, setAdmin, type AdminService } from './admin.service.js';
export { registerAdminRoutes } from './admin.routes.js';
export { createServiceMonitor, type ServiceMonitor } from './service-monitor.js';
export { createHeartbeat, type Heartbeat, type WorkerStats } from './heartbeat.js';
export { seedSettings } from './settings-seed.js';
