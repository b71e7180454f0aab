/**
 * Webhooks' door: the container builds the service, the app registers its routes (the web
 * app's and /api/v1's), the jobs deliver. Other modules record what happened with
 * `recordWebhookEvent` (or `webhookOutboxInsert` in a CTE) inside the transaction of the
 * change: the outbox.
 */
export {
  createWebhooksService,
  FULL_SCOPE,
  type WebhooksService,
  type WebhookScope,
} from './webhooks.service.js';
export { registerWebhookRoutes } from './webhooks.routes.js';
export {
  postCompletedData,
  apiPublicationOf,
  publicationEventData,
  publicationEventType,
  recordWebhookEvent,
  webhookOutboxInsert,
  type PublicationForEvent,
  type WebhookEventInput,
} from './outbox.js';
