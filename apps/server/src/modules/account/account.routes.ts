import { API_PATHS, ACCOUNT_MESSAGES, DeleteAccountSchema, envelope } from '@cadence/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import type { AttemptLimiter } from '../../lib/attempt-limiter.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/index.js';
import type { AccountService } from './account.service.js';

const security = [{ bearerAuth: [] }];
/** Password guesses through account deletion are limited like password changes (in the database). */
const DELETE_ATTEMPT_LIMIT = { max: 10, windowSeconds: 15 * 60 };

/** The Your Data section of Settings: export the account, or delete it. */
export function registerAccountRoutes(
  app: AppInstance,
  services: { account: AccountService; attempts: AttemptLimiter },
) {
  const { account, attempts } = services;
  const guarded = { preHandler: app.authenticate };

  app.get(
    API_PATHS.exportData,
    {
      ...guarded,
      schema: {
        tags: ['Your data'],
        security,
        summary:
          'Download the account as a JSON archive (profile, entities without credentials, posts, schedules, logs), streamed',
        produces: ['application/json'],
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      const stream = await account.exportData(user.id);
      stream.on('error', (error) =>
        request.log.error({ err: error }, 'the export stopped part way'),
      );
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('content-disposition', `attachment; filename="cadence-export-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(stream);
    },
  );

  app.delete(
    API_PATHS.deleteAccount,
    {
      ...guarded,
      schema: {
        tags: ['Your data'],
        security,
        summary:
          'Delete the account and everything it owns (asks for the password and confirm: "DELETE"); the last admin is refused',
        body: DeleteAccountSchema,
        response: { 200: envelope(z.null()), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      await attempts.hit({ key: `account-delete:${user.id}`, limit: DELETE_ATTEMPT_LIMIT });
      await account.deleteAccount(user.id, request.body);
      return { message: ACCOUNT_MESSAGES.accountDeleted, data: null };
    },
  );
}
