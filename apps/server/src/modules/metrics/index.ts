/**
 * The metrics module's door: the poller (the metrics job's work: posts' numbers and accounts'
 * followers read from the networks), the Analytics screen's service and its routes.
 */
export { createMetricsPoller, type MetricsPoller, type PollOutcome } from './metrics-poller.js';
export { createAnalyticsService, type AnalyticsService } from './analytics.service.js';
export { registerAnalyticsRoutes } from './metrics.routes.js';
export {
  baseIntervalMs,
  FIRST_READ_AFTER_MS,
  MAX_BACKOFF,
  METRICS_MAX_AGE_MS,
  nextBackoff,
  nextReadAt,
} from './schedule.js';
