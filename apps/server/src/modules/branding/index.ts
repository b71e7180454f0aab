/** Branding's door: a workspace's own brand (white label) and the brand it shows now. */
export { createBrandingService, type BrandingService } from './branding.service.js';
export { registerBrandingRoutes } from './branding.routes.js';
