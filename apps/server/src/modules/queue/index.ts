/**
 * The posting queue's door: the container builds the queue service (an entity's zone and
 * weekly slots, and a post placed at the next open slot through the schedules service), the
 * app registers its routes.
 */
export { createQueueService, type QueueService } from './queue.service.js';
export { registerQueueRoutes } from './queue.routes.js';
