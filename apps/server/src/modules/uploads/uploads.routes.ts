import { API_PATHS, ACCOUNT_MESSAGES, envelope, StorageUsageSchema } from '@cadence/shared';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/index.js';
import type { UploadsService } from './uploads.service.js';

/** The storage line of the Your Data section: what the account's uploads take up. */
export function registerUploadRoutes(app: AppInstance, uploads: Pick<UploadsService, 'usage'>) {
  app.get(
    API_PATHS.storage,
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['Your data'],
        security: [{ bearerAuth: [] }],
        summary: "Bytes of uploads the account uses, and its plan's allowance (null: unlimited)",
        response: { 200: envelope(StorageUsageSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.storageFetched,
      data: await uploads.usage(requireUser(request).id),
    }),
  );
}
