import {
  ACCOUNT_API_PATHS,
  ACCOUNT_MESSAGES,
  DeleteAccountSchema,
  envelope,
  MarkNotificationsReadSchema,
  NotificationEventListSchema,
  NotificationEventsQuerySchema,
  NotificationSettingsSchema,
  NotificationSettingsUpdateSchema,
  StorageUsageSchema,
} from '@cadence/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import type { AttemptLimiter } from '../../lib/attempt-limiter.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/index.js';
import type { NotificationsService } from '../notifications/index.js';
import type { UploadsService } from '../uploads/index.js';
import type { AccountService } from './account.service.js';

const security = [{ bearerAuth: [] }];
/** Password guesses through account deletion are limited like password changes (in the database). */
const DELETE_ATTEMPT_LIMIT = { max: 10, windowSeconds: 15 * 60 };

/** The Notifications and Your Data sections of Settings. */
export function registerAccountRoutes(
  app: AppInstance,
  services: {
    account: AccountService;
    notifications: NotificationsService;
    uploads: Pick<UploadsService, 'usage'>;
    attempts: AttemptLimiter;
  },
) {
  const { account, notifications, uploads, attempts } = services;
  const guarded = { preHandler: app.authenticate };

  app.get(
    ACCOUNT_API_PATHS.notifications,
    {
      ...guarded,
      schema: {
        tags: ['Notifications'],
        security,
        summary: 'Which notification e-mails the customer gets (all on by default)',
        response: { 200: envelope(NotificationSettingsSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.notificationsFetched,
      data: await notifications.readSettings(requireUser(request).id),
    }),
  );

  app.put(
    ACCOUNT_API_PATHS.notifications,
    {
      ...guarded,
      schema: {
        tags: ['Notifications'],
        security,
        summary: 'Choose the notification e-mails',
        body: NotificationSettingsUpdateSchema,
        response: { 200: envelope(NotificationSettingsSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.notificationsSaved,
      data: await notifications.saveSettings(requireUser(request).id, request.body),
    }),
  );

  app.get(
    ACCOUNT_API_PATHS.notificationEvents,
    {
      ...guarded,
      schema: {
        tags: ['Notifications'],
        security,
        summary: 'The in-app notifications, unread first, then newest first (paged)',
        querystring: NotificationEventsQuerySchema,
        response: { 200: envelope(NotificationEventListSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.eventsFetched,
      data: await notifications.listEvents(requireUser(request).id, request.query),
    }),
  );

  app.post(
    ACCOUNT_API_PATHS.notificationEventsRead,
    {
      ...guarded,
      schema: {
        tags: ['Notifications'],
        security,
        summary: 'Mark notifications read: {"ids": [...]} or {"all": true}',
        body: MarkNotificationsReadSchema,
        response: {
          200: envelope(z.object({ updated: z.number().int(), unread: z.number().int() })),
          ...errorResponses(400, 401),
        },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.eventsRead,
      data: await notifications.markRead(requireUser(request).id, request.body),
    }),
  );

  app.get(
    ACCOUNT_API_PATHS.storage,
    {
      ...guarded,
      schema: {
        tags: ['Your data'],
        security,
        summary: "Bytes of uploads the account uses, and its plan's allowance (null: unlimited)",
        response: { 200: envelope(StorageUsageSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({
      message: ACCOUNT_MESSAGES.storageFetched,
      data: await uploads.usage(requireUser(request).id),
    }),
  );

  app.get(
    ACCOUNT_API_PATHS.exportData,
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
    ACCOUNT_API_PATHS.deleteAccount,
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
