/**
 * The link shortener's door: the container builds the shortener service, the app registers
 * its API routes and the short-link redirect.
 */
export { createShortenerService, type ShortenerService } from './shortener.service.js';
export { registerShortenerRoutes, registerShortLinkRedirect } from './shortener.routes.js';
