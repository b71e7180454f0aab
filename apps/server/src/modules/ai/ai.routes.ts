import {
  AI_MESSAGES,
  AI_POST_MESSAGES,
  API_PATHS,
  CompanyDescriptionRequestSchema,
  CompanyDescriptionSchema,
  EnhanceRequestSchema,
  envelope,
  GeneratedContentSchema,
  GenerateRequestSchema,
  HashtagsRequestSchema,
  HashtagsSchema,
  POST_MESSAGES,
  PostFromUrlRequestSchema,
} from '@cadence/shared';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app-instance.js';
import { errorResponses } from '../../plugins/error-handler.js';
import type { RateLimit, RateLimiter } from '../../lib/rate-limiter.js';
import { entityAccess, requireUser } from '../auth/index.js';
import type { AiService } from './ai.service.js';

/** AI calls cost money and fetch outside pages: a person's pace is plenty (admin setting). */
export const AI_RATE_LIMIT: RateLimit = { max: 180, windowSeconds: 3600 };

const tags = ['AI'];
const security = [{ bearerAuth: [] }];

export function registerAiRoutes(
  app: AppInstance,
  ai: AiService,
  limiter: RateLimiter,
  rateLimit: () => Promise<RateLimit> = () => Promise.resolve(AI_RATE_LIMIT),
) {
  /** The signed-in user, counted against the one AI budget all AI routes share. */
  const aiUser = async (request: FastifyRequest) => {
    const user = requireUser(request);
    limiter.hit(`ai:user:${user.id}`, await rateLimit());
    return user;
  };

  app.post(
    API_PATHS.aiCompanyDescription,
    {
      preHandler: app.authenticate,
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        security,
        summary: 'Describe a company from its website (AI Assist)',
        body: CompanyDescriptionRequestSchema,
        response: {
          200: envelope(CompanyDescriptionSchema),
          ...errorResponses(400, 401, 403, 422, 429, 502, 503),
        },
      },
    },
    async (request) => {
      const data = await ai.describeCompany((await aiUser(request)).id, request.body);
      return { message: AI_MESSAGES.descriptionGenerated, data };
    },
  );

  app.post(
    API_PATHS.aiPostFromUrl,
    {
      preHandler: app.authenticate,
      bodyLimit: 16 * 1024,
      schema: {
        tags,
        security,
        summary: 'Write a post that shares the article at a URL (scan URL)',
        body: PostFromUrlRequestSchema,
        response: {
          200: envelope(GeneratedContentSchema),
          ...errorResponses(400, 401, 403, 404, 422, 429, 502, 503),
        },
      },
    },
    async (request) => {
      const data = await ai.postFromUrl(
        (await aiUser(request)).id,
        request.body,
        entityAccess(request),
      );
      return { message: POST_MESSAGES.urlScanned, data };
    },
  );

  app.post(
    API_PATHS.aiHashtags,
    {
      preHandler: app.authenticate,
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        security,
        summary: 'Suggest hashtags for a post',
        body: HashtagsRequestSchema,
        response: {
          200: envelope(HashtagsSchema),
          ...errorResponses(400, 401, 403, 429, 502, 503),
        },
      },
    },
    async (request) => {
      const data = await ai.hashtags((await aiUser(request)).id, request.body);
      return { message: POST_MESSAGES.hashtagsGenerated, data };
    },
  );

  app.post(
    API_PATHS.aiEnhance,
    {
      preHandler: app.authenticate,
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        security,
        summary: "Integrate the entity's description and capabilities into a post",
        body: EnhanceRequestSchema,
        response: {
          200: envelope(GeneratedContentSchema),
          ...errorResponses(400, 401, 403, 404, 429, 502, 503),
        },
      },
    },
    async (request) => {
      const data = await ai.enhance(
        (await aiUser(request)).id,
        request.body,
        entityAccess(request),
      );
      return { message: POST_MESSAGES.integrated, data };
    },
  );

  app.post(
    API_PATHS.aiGenerate,
    {
      preHandler: app.authenticate,
      bodyLimit: 64 * 1024,
      schema: {
        tags,
        security,
        summary: 'Replace the [AI] marker of a post with text about the entity',
        body: GenerateRequestSchema,
        response: {
          200: envelope(GeneratedContentSchema),
          ...errorResponses(400, 401, 403, 404, 429, 502, 503),
        },
      },
    },
    async (request) => {
      const data = await ai.generate(
        (await aiUser(request)).id,
        request.body,
        entityAccess(request),
      );
      return { message: AI_POST_MESSAGES.generated, data };
    },
  );
}
