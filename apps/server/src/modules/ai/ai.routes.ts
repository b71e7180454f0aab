import {
  AI_MESSAGES,
  API_PATHS,
  CompanyDescriptionRequestSchema,
  CompanyDescriptionSchema,
  envelope,
} from '@cadence/shared';
import type { AppInstance } from '../../app.js';
import { errorResponses } from '../../plugins/error-handler.js';
import type { RateLimit, RateLimiter } from '../../lib/rate-limiter.js';
import { requireUser } from '../auth/authenticate.js';
import type { AiService } from './ai.service.js';

/** AI calls cost money and fetch outside pages: a person's pace is plenty. */
export const AI_RATE_LIMIT: RateLimit = { max: 30, windowSeconds: 600 };

export function registerAiRoutes(app: AppInstance, ai: AiService, limiter: RateLimiter) {
  app.post(
    API_PATHS.aiCompanyDescription,
    {
      preHandler: app.authenticate,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['AI'],
        security: [{ bearerAuth: [] }],
        summary: 'Describe a company from its website (AI Assist)',
        body: CompanyDescriptionRequestSchema,
        response: {
          200: envelope(CompanyDescriptionSchema),
          ...errorResponses(400, 401, 403, 422, 429, 502, 503),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      limiter.hit(`ai:user:${user.id}`, AI_RATE_LIMIT);
      const data = await ai.describeCompany(user.id, request.body);
      return { message: AI_MESSAGES.descriptionGenerated, data };
    },
  );
}
