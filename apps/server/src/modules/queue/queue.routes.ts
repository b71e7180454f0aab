import {
  AddToQueueSchema,
  API_PATHS,
  CompanyIdParamsSchema,
  envelope,
  PostIdParamsSchema,
  QUEUE_MESSAGES,
  QueueSchema,
  QueueUpdateSchema,
  ScheduleCreatedSchema,
} from '@cadence/shared';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { entityAccess, requireActor, requireUser } from '../auth/index.js';
import type { QueueService } from './queue.service.js';

const security = [{ bearerAuth: [] }];

export function registerQueueRoutes(app: AppInstance, queue: QueueService) {
  const guarded = { preHandler: app.authenticate };

  app.get(
    API_PATHS.companyQueue,
    {
      ...guarded,
      schema: {
        tags: ['Entities'],
        security,
        summary: "An entity's posting queue: its time zone, weekly slots and the next slot times",
        params: CompanyIdParamsSchema,
        response: { 200: envelope(QueueSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      message: QUEUE_MESSAGES.fetched,
      data: await queue.get(requireUser(request).id, request.params.id, entityAccess(request)),
    }),
  );

  app.put(
    API_PATHS.companyQueue,
    {
      ...guarded,
      schema: {
        tags: ['Entities'],
        security,
        summary:
          "Replace an entity's queue: its time zone and weekly slots (duplicates are merged)",
        params: CompanyIdParamsSchema,
        body: QueueUpdateSchema,
        response: { 200: envelope(QueueSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      message: QUEUE_MESSAGES.saved,
      data: await queue.save(
        requireUser(request).id,
        request.params.id,
        request.body,
        entityAccess(request),
      ),
    }),
  );

  app.post(
    API_PATHS.postQueue,
    {
      ...guarded,
      schema: {
        tags: ['Schedules'],
        security,
        summary:
          "Schedule a post at its entity's next open queue slot for the networks given (422 NO_OPEN_SLOT when none in 90 days)",
        params: PostIdParamsSchema,
        body: AddToQueueSchema,
        response: { 201: ScheduleCreatedSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const data = await queue.addPost(
        requireUser(request).id,
        request.params.id,
        request.body.networks,
        entityAccess(request),
        requireActor(request).id,
      );
      return reply.code(201).send({ success: true as const, message: QUEUE_MESSAGES.added, data });
    },
  );
}
