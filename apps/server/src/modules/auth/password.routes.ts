import {
  AccessTokenSchema,
  API_PATHS,
  envelope,
  PASSWORD_CHANGE_MESSAGES,
  PasswordChangeSchema,
} from '@cadence/shared';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from './authenticate.js';
import type { AuthService } from './auth.service.js';

/**
 * The signed-in customer's password change (Settings, Security). Documented under the
 * Customer tag, beside the profile, where the API has always listed it.
 */
export function registerPasswordChangeRoute(
  app: AppInstance,
  auth: Pick<AuthService, 'changePassword'>,
) {
  app.patch(
    API_PATHS.updatePassword,
    {
      preHandler: app.authenticate,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['Customer'],
        security: [{ bearerAuth: [] }],
        summary:
          'Change the password: signs out every other session and answers a fresh token for this one',
        body: PasswordChangeSchema,
        response: { 200: envelope(AccessTokenSchema), ...errorResponses(400, 401, 413, 429) },
      },
    },
    async (request) => ({
      message: PASSWORD_CHANGE_MESSAGES.updated,
      data: await auth.changePassword(requireUser(request).id, request.body, request.ip),
    }),
  );
}
