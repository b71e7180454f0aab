import {
  ANALYTICS_API_PATHS,
  AnalyticsRangeQuerySchema,
  AnalyticsSummarySchema,
  envelope,
  PostIdParamsSchema,
  PostMetricsSchema,
} from '@cadence/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { entityAccess, requireUser } from '../auth/index.js';
import type { AnalyticsService } from './analytics.service.js';

/** The Analytics screen's routes and the post's numbers; every answer is the signed-in customer's. */
export function registerAnalyticsRoutes(app: AppInstance, analytics: AnalyticsService) {
  app.get(
    ANALYTICS_API_PATHS.summary,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Analytics'],
        security: [{ bearerAuth: [] }],
        summary:
          'The Analytics screen: totals, their change, series, networks, top posts, best hours',
        description:
          'Publications published in [from, to) counted by their latest numbers; `previous` is the ' +
          'same span right before `from`. Engagements are likes + comments + shares; clicks (the ' +
          "built-in short links') stand apart. `series` has one entry per day in the customer's " +
          'saved time zone. `by_network`: per network its posts, impressions, engagements, the ' +
          "clicks on the links of its posts and its accounts' latest followers (null: never read). " +
          '`best_hours` averages engagements per post by weekday (0 Sunday ... 6 Saturday) and ' +
          'hour in the saved time zone over the period; until 20 posts were published in it, ' +
          '`cells` is empty and `needed` says how many more it takes. Clicks and followers are ' +
          "kept per UTC day; a day counts in the period that holds the day's start.",
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: envelope(AnalyticsSummarySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await analytics.summary(requireUser(request).id, request.query, entityAccess(request)),
    }),
  );

  app.get(
    ANALYTICS_API_PATHS.export,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Analytics'],
        security: [{ bearerAuth: [] }],
        summary: "The period's publications and their latest numbers as CSV",
        querystring: AnalyticsRangeQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const csv = await analytics.exportCsv(
        requireUser(request).id,
        request.query,
        entityAccess(request),
      );
      const day = request.query.from.slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="analytics-${day}.csv"`)
        .send(csv);
    },
  );

  app.get(
    ANALYTICS_API_PATHS.postMetrics,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Analytics'],
        security: [{ bearerAuth: [] }],
        summary: "Each of the post's publications with its latest numbers and when they were read",
        params: PostIdParamsSchema,
        response: { 200: envelope(PostMetricsSchema), ...errorResponses(401, 404) },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await analytics.postMetrics(
        requireUser(request).id,
        request.params.id,
        entityAccess(request),
      ),
    }),
  );
}
