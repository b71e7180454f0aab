import type { FastifyRequest } from 'fastify';
import {
  API_PATHS,
  BulkDeletedSchema,
  BulkDeleteSchedulesSchema,
  CalendarQuerySchema,
  CalendarSchema,
  envelope,
  OCCURRENCE_MESSAGES,
  OccurrenceMovedSchema,
  OccurrenceMoveSchema,
  OccurrencesQuerySchema,
  OccurrencesSchema,
  SCHEDULE_MESSAGES,
  ScheduleCreatedSchema,
  ScheduleCreateSchema,
  ScheduleIdParamsSchema,
  ScheduleListQuerySchema,
  ScheduleListSchema,
} from '@cadence/shared';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { entityScope, requireActor, requireUser } from '../auth/index.js';
import type { SchedulesService } from './schedules.service.js';

const tags = ['Schedules'];
const security = [{ bearerAuth: [] }];

/** The entities that exist for the person acting (a member may be limited to some). */
const accessOf = (request: FastifyRequest) => ({ entityIds: entityScope(request) });

export function registerScheduleRoutes(app: AppInstance, schedules: SchedulesService) {
  const guarded = { preHandler: app.authenticate };

  app.post(
    API_PATHS.schedules,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary:
          'Schedule a post to networks at a future time, optionally repeating daily, weekly or monthly',
        body: ScheduleCreateSchema,
        response: { 201: ScheduleCreatedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const data = await schedules.create(requireUser(request).id, request.body, {
        actorId: requireActor(request).id,
        access: accessOf(request),
      });
      return reply
        .code(201)
        .send({ success: true as const, message: SCHEDULE_MESSAGES.scheduled, data });
    },
  );

  app.get(
    API_PATHS.schedules,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Scheduled posts, by time, one page at a time',
        querystring: ScheduleListQuerySchema,
        response: { 200: envelope(ScheduleListSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      message: 'Schedules fetched successfully',
      data: await schedules.list(requireUser(request).id, request.query, accessOf(request)),
    }),
  );

  app.get(
    API_PATHS.schedulesCalendar,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Scheduled posts per day in a time zone, with the first three of each day',
        querystring: CalendarQuerySchema,
        response: { 200: envelope(CalendarSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      message: 'Calendar fetched successfully',
      data: await schedules.calendar(requireUser(request).id, request.query, accessOf(request)),
    }),
  );

  app.delete(
    API_PATHS.schedule,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Delete a scheduled post (one occurrence) and cancel its publishing',
        params: ScheduleIdParamsSchema,
        response: { 200: envelope(BulkDeletedSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const deleted = await schedules.remove(
        requireUser(request).id,
        request.params.id,
        accessOf(request),
      );
      return { message: SCHEDULE_MESSAGES.deleted(deleted), data: { deleted } };
    },
  );

  app.post(
    API_PATHS.schedulesBulkDelete,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Delete several scheduled posts and cancel their publishing',
        body: BulkDeleteSchedulesSchema,
        response: { 200: envelope(BulkDeletedSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const deleted = await schedules.removeMany(
        requireUser(request).id,
        request.body.ids,
        accessOf(request),
      );
      return { message: SCHEDULE_MESSAGES.deleted(deleted), data: { deleted } };
    },
  );

  app.get(
    API_PATHS.scheduleOccurrences,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary:
          "Every occurrence in a range of at most 43 days, by time, with whether it may be moved (the calendar's month handles and its week and day views)",
        querystring: OccurrencesQuerySchema,
        response: { 200: envelope(OccurrencesSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => ({
      message: 'Occurrences fetched successfully',
      data: await schedules.occurrences(requireUser(request).id, request.query, accessOf(request)),
    }),
  );

  app.patch(
    API_PATHS.scheduleOccurrence,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary:
          "Move a waiting occurrence to another future time; with scope 'following', also the later ones of its repeating schedule (a new series from the new time). 409 STALE when it is no longer at expected_scheduled_for or began publishing",
        params: ScheduleIdParamsSchema,
        body: OccurrenceMoveSchema,
        response: {
          200: envelope(OccurrenceMovedSchema),
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request) => ({
      message: OCCURRENCE_MESSAGES.moved,
      data: await schedules.move(
        requireUser(request).id,
        request.params.id,
        request.body,
        requireActor(request).id,
        accessOf(request),
      ),
    }),
  );
}
