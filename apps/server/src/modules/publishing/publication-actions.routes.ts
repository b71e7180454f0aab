import {
  API_PATHS,
  envelope,
  FOLLOW_UP_MESSAGES,
  PartRetryResultSchema,
  PublicationPartIdParamsSchema,
  MarkPublishedSchema,
  PUBLICATION_MESSAGES,
  PublicationActionResultSchema,
  PublicationIdParamsSchema,
} from '@cadence/shared';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { entityAccess, requireActor, requireUser } from '../auth/index.js';
import type { PublicationActions } from './publication-actions.js';

const tags = ['Schedules'];
const security = [{ bearerAuth: [] }];

/** The screen's actions on one network's publication (decision 091). */
export function registerPublicationActionRoutes(app: AppInstance, actions: PublicationActions) {
  const guarded = { preHandler: app.authenticate };
  const response = { 200: envelope(PublicationActionResultSchema) };

  app.post(
    API_PATHS.publicationRetry,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Retry a failed (or missed) publication now',
        params: PublicationIdParamsSchema,
        response: { ...response, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => ({
      message: PUBLICATION_MESSAGES.done.retry,
      data: await actions.retry(
        requireUser(request).id,
        request.params.id,
        requireActor(request).id,
        entityAccess(request),
      ),
    }),
  );

  app.post(
    API_PATHS.publicationPartRetry,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary:
          "Retry a thread's part or a first comment that failed (or that you found absent): a thread resumes at that part",
        params: PublicationPartIdParamsSchema,
        response: {
          200: envelope(PartRetryResultSchema),
          ...errorResponses(401, 404, 409),
        },
      },
    },
    async (request) => ({
      message: FOLLOW_UP_MESSAGES.retried,
      data: await actions.retryPart(
        requireUser(request).id,
        request.params.id,
        entityAccess(request),
      ),
    }),
  );

  app.post(
    API_PATHS.publicationConfirmAbsent,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary:
          'The customer checked that an unconfirmed publication is not on the network: post it now',
        params: PublicationIdParamsSchema,
        response: { ...response, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => ({
      message: PUBLICATION_MESSAGES.done['confirm-absent'],
      data: await actions.confirmAbsent(
        requireUser(request).id,
        request.params.id,
        requireActor(request).id,
        entityAccess(request),
      ),
    }),
  );

  app.post(
    API_PATHS.publicationMarkPublished,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary:
          "The customer found an unconfirmed publication on the network: mark it published with the post's link",
        params: PublicationIdParamsSchema,
        body: MarkPublishedSchema,
        response: { ...response, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request) => ({
      message: PUBLICATION_MESSAGES.done['mark-published'],
      data: await actions.markPublished(
        requireUser(request).id,
        request.params.id,
        request.body.url,
        requireActor(request).id,
        entityAccess(request),
      ),
    }),
  );

  app.post(
    API_PATHS.publicationPublishNow,
    {
      ...guarded,
      schema: {
        tags,
        security,
        summary: 'Publish a pending publication now instead of at its time',
        params: PublicationIdParamsSchema,
        response: { ...response, ...errorResponses(401, 404, 409) },
      },
    },
    async (request) => ({
      message: PUBLICATION_MESSAGES.done['publish-now'],
      data: await actions.publishNow(
        requireUser(request).id,
        request.params.id,
        requireActor(request).id,
        entityAccess(request),
      ),
    }),
  );
}
