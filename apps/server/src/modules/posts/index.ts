/** Posts' door: the container builds the posts service, the app registers its routes. */
export { createPostsService, type PostsService } from './posts.service.js';
export { registerPostRoutes } from './posts.routes.js';
