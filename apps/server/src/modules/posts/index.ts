/** Posts' door: the container builds the posts service, the app registers its routes. */
export { createPostsService, type PostsService, type PostWriteOptions } from './posts.service.js';
export type { ResolvedPostFilter as PostFilter } from './posts-list.repository.js';
export { registerPostRoutes } from './posts.routes.js';
// The post form's media rules, for the public API's media upload: the type judged by the
// bytes, the size counted on the way to storage, the form read in one pass.
export { mediaOfUpload, saveMedia, type StoredMedia } from './media.js';
export { readPostForm } from './post-form.js';
