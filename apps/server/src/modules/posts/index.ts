/** Posts' door: the container builds the posts service, the app registers its routes. */
export { createPostsService, type PostsService, type PostWriteOptions } from './posts.service.js';
export { mediaOfUpload, type StoredMedia } from './media.js';
export type { ResolvedPostFilter as PostFilter } from './posts-list.repository.js';
export { registerPostRoutes } from './posts.routes.js';
