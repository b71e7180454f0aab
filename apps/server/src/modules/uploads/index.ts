/**
 * Uploads' door: the container builds the uploads service and the storage that forgets a
 * removed file's record; posts, companies and account count and remove uploads through the
 * service, and companies finds a stored logo's key from its address (`storageKeyOfUrl`).
 */
export {
  createUploadsService,
  storageKeyOfUrl,
  withUploadRecords,
  type UploadsService,
} from './uploads.service.js';
export { registerUploadRoutes } from './uploads.routes.js';
