/**
 * Notifications' door: the container builds the notifications service; publishing and the
 * token sweep hand it what happened (`PublishingEvent`).
 */
export {
  createNotificationsService,
  type NotificationsService,
  type PublishingEvent,
} from './notifications.service.js';
export { registerNotificationRoutes } from './notifications.routes.js';
