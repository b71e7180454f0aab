import {
  API_PATHS,
  ACCOUNT_MESSAGES,
  envelope,
  MarkNotificationsReadSchema,
  NotificationEventListSchema,
  NotificationEventsQuerySchema,
  NotificationSettingsSchema,
  NotificationSettingsUpdateSchema,
} from '@cadence/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/index.js';
import type { NotificationsService } from './notifications.service.js';

const tags = ['Notifications'];
const security = [{ bearerAuth: [] }];

/** The bell's notifications and the Notifications section of Settings (which e-mails). */
export function registerNotificationRoutes(app: AppInstance, notifications: NotificationsService) {
  const guarded = { preHandler: app.authenticate };

  app.get(
    API_PATHS.notifications,
    {
      ...guarded,
      schema: {
        tags,
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
    API_PATHS.notifications,
    {
      ...guarded,
      schema: {
        tags,
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
    API_PATHS.notificationEvents,
    {
      ...guarded,
      schema: {
        tags,
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
    API_PATHS.notificationEventsRead,
    {
      ...guarded,
      schema: {
        tags,
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
}
