/** Search's door: the container builds the news/web search service, the app registers its routes. */
export { createSearchService, type SearchService } from './search.service.js';
export { registerSearchRoutes } from './search.routes.js';
