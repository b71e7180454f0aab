/** The AI helpers' door: the container builds the AI service, the app registers its routes. */
export { createAiService, type AiService } from './ai.service.js';
export { registerAiRoutes } from './ai.routes.js';
