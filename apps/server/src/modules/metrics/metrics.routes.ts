import {
  AnalyticsQuerySchema,
  AnalyticsSummarySchema,
  API_PATHS,
  envelope,
  PostIdParamsSchema,
  PostMetricsSchema,
} from '@cadence/shared';
import { z } from 'zod';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import { requireUser } from '../auth/index.js';
import type { AnalyticsService } from './analytics.service.js';

/** The Analytics screen's routes and the post's numbers; every answer is the signed-in customer's. */
export function registerAnalyticsRoutes(app: AppInstance, analytics: AnalyticsService) {
  app.get(
    API_PATHS.analyticsSummary,
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
          "built-in short links') stand apart. `series` has one entry per UTC day. `best_hours` " +
          'averages engagements per post by ISO weekday (1 Monday) and hour in the saved time zone ' +
          'over the 90 days up to `to`; until 20 posts were published there, `cells` is empty and ' +
          '`needed` says how many more it takes.',
        querystring: AnalyticsQuerySchema,
        response: { 200: envelope(AnalyticsSummarySchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      message: 'OK',
      data: await analytics.summary(requireUser(request).id, request.query),
    }),
  );

  app.get(
    API_PATHS.analyticsExport,
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['Analytics'],
        security: [{ bearerAuth: [] }],
        summary: "The period's publications and their latest numbers as CSV",
        querystring: AnalyticsQuerySchema,
        response: { 200: z.string(), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const csv = await analytics.exportCsv(requireUser(request).id, request.query);
      const day = request.query.from.slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="analytics-${day}.csv"`)
        .send(csv);
    },
  );

  app.get(
    API_PATHS.postMetrics,
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
      data: await analytics.postMetrics(requireUser(request).id, request.params.id),
    }),
  );
}
