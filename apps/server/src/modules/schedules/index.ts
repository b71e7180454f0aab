/**
 * Schedules' door: the container builds the schedules service, the app registers its
 * routes; publishing answers a changed publication in the scheduled list's shape
 * (`toScheduleData`).
 */
export {
  createSchedulesService,
  toScheduleData,
  type SchedulesService,
  type PickedScheduleInput,
  type TimePicker,
} from './schedules.service.js';
export { registerScheduleRoutes } from './schedules.routes.js';
/** An occurrence's status, which schedules owns: publishing claims, settles and reopens it. */
export * as instanceStatus from './instance-status.repository.js';
export { claimInstances, finishInstanceStatement } from './instance-status.repository.js';
/** The publisher's runs of instances: asked by services (the port), taken by the publish loop. */
export {
  createPublishRuns,
  claimDueRuns,
  finishRuns,
  holdFailedRun,
  releaseSilentLeases,
  runQueueFigures,
  type ClaimedRun,
  type PublishRuns,
} from './instance-runs.repository.js';
