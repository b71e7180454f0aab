/**
 * Schedules' door: the container builds the schedules service, the app registers its
 * routes; publishing answers a changed publication in the scheduled list's shape
 * (`toScheduleData`).
 */
export {
  createSchedulesService,
  toScheduleData,
  type SchedulesService,
} from './schedules.service.js';
export { registerScheduleRoutes } from './schedules.routes.js';
