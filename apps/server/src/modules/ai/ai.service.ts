import type {
  EnhanceRequestSchema,
  GenerateRequestSchema,
  HashtagsRequestSchema,
  PostFromUrlRequestSchema,
} from '@cadence/shared';
import {
  AI_MESSAGES,
  CUSTOM_INDUSTRY,
  POST_CONTENT_MAX,
  POST_MESSAGES,
  type EntityTone,
} from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { CompanyRow } from '../../db/schema/companies.js';
import { AppError } from '../../errors.js';
import { entityVisible, type EntityAccess } from '../../lib/entity-scope.js';
import type { AiClient, ChatRequest } from '../../integrations/ai.js';
import { fetchPublicPage, WebFetchError } from '../../integrations/web-fetch.js';
import type { MarkupThread } from '../../lib/markup/markup-thread.js';
import { getEntitlements } from '../plans/index.js';
import { insertAiCallLog } from './ai-call-log.repository.js';
import { readArticle, readPageText } from './read-article.js';
import {
  buildEnhancePrompt,
  buildGeneratePrompt,
  buildHashtagsPrompt,
  buildPostFromUrlPrompt,
  sizeGuidance,
  type EntityContext,
} from './post-prompts.js';
import { cleanAnswer, parseHashtags, replaceAiMarker, trimToLength } from './post-text.js';

export interface AiServiceDeps {
  db: Db;
  ai: AiClient | undefined;
  fetchAllowHosts: string[];
  /** Reads a fetched page's text off the event loop (the markup worker's `pageText`). */
  pageText: MarkupThread['pageText'];
  logger: FastifyBaseLogger;
  /** The customer's own company row (the companies module's), or undefined. */
  findCompany: (userId: string, companyId: string) => Promise<CompanyRow | undefined>;
}

export interface CompanyDescriptionInput {
  website: string;
  tone: EntityTone;
  industry?: string | null | undefined;
  name?: string | null | undefined;
}

export type PostFromUrlInput = z.output<typeof PostFromUrlRequestSchema>;
export type HashtagsInput = z.output<typeof HashtagsRequestSchema>;
export type EnhanceInput = z.output<typeof EnhanceRequestSchema>;
export type GenerateInput = z.output<typeof GenerateRequestSchema>;

function toEntityContext(company: CompanyRow): EntityContext {
  return {
    name: company.name,
    industry:
      company.industry === CUSTOM_INDUSTRY ? company.customIndustry : (company.industry ?? null),
    description: company.description,
    website: company.website,
  };
}

export function createAiService(deps: AiServiceDeps) {
  /** The client, once the server has AI configured and the customer's plan includes it. */
  async function requireAi(userId: string): Promise<AiClient> {
    if (!deps.ai) throw AppError.unavailable(AI_MESSAGES.notConfigured, 'AI_NOT_CONFIGURED');
    const entitlements = await getEntitlements(deps.db, userId);
    if (!entitlements.hasAi) throw AppError.forbidden(AI_MESSAGES.notInPlan, 'AI_NOT_ON_PLAN');
    return deps.ai;
  }

  /** Runs one chat call and records it, success or failure, in the AI call log. */
  /** `companyId`: the entity whose details the prompt holds (who may read the log row). */
  async function chatLogged(
    ai: AiClient,
    userId: string,
    purpose: string,
    request: ChatRequest,
    companyId: string | null = null,
  ) {
    const startedAt = performance.now();
    const prompt = `[system]\n${request.system}\n\n[user]\n${request.user}`;
    try {
      const answer = await ai.chat(request);
      await insertAiCallLog(deps.db, {
        userId,
        companyId,
        platform: ai.platform,
        model: answer.model,
        purpose,
        prompt,
        response: answer.text,
        responseTimeMs: Math.round(performance.now() - startedAt),
        inputTokens: answer.inputTokens,
        outputTokens: answer.outputTokens,
        warning: answer.warning,
      });
      if (!answer.text) throw AppError.badGateway(AI_MESSAGES.failed, 'AI_EMPTY_ANSWER');
      return answer;
    } catch (error) {
      if (error instanceof AppError) throw error;
      deps.logger.warn({ err: error, purpose }, 'AI call failed');
      await insertAiCallLog(deps.db, {
        userId,
        companyId,
        platform: ai.platform,
        model: ai.model,
        purpose,
        prompt,
        responseTimeMs: Math.round(performance.now() - startedAt),
        error: (error as Error).message ?? 'Unknown error',
      });
      throw AppError.badGateway(AI_MESSAGES.failed, 'AI_FAILED');
    }
  }

  async function readWebsite(url: string) {
    let page;
    try {
      page = await fetchPublicPage(url, { allowHosts: deps.fetchAllowHosts });
    } catch (error) {
      if (error instanceof WebFetchError) {
        deps.logger.info(
          { reason: error.reason, detail: error.message },
          'website fetch refused or failed',
        );
        if (error.reason === 'blocked')
          throw AppError.badRequest(AI_MESSAGES.websiteBlocked, 'FETCH_BLOCKED');
        throw AppError.unprocessable(AI_MESSAGES.websiteUnreachable, 'FETCH_FAILED');
      }
      throw error;
    }
    return readPageText(deps.pageText, page.body, () =>
      AppError.unprocessable(AI_MESSAGES.websiteTooComplex, 'PAGE_UNREADABLE'),
    );
  }

  /**
   * The customer's own company, or 404 'Entity not found' (also for another user's id, and
   * for an entity outside those of the member asking).
   */
  async function loadEntity(
    userId: string,
    companyId: string,
    access?: EntityAccess,
  ): Promise<EntityContext> {
    const company = entityVisible(access, companyId)
      ? await deps.findCompany(userId, companyId)
      : undefined;
    if (!company) throw AppError.notFound(POST_MESSAGES.entityNotFound, 'COMPANY_NOT_FOUND');
    return toEntityContext(company);
  }

  async function loadOptionalEntity(
    userId: string,
    companyId: string | null | undefined,
    access?: EntityAccess,
  ) {
    return companyId ? loadEntity(userId, companyId, access) : undefined;
  }

  return {
    /** (b) A post that shares the article at `url`, capped to the size format. */
    async postFromUrl(userId: string, input: PostFromUrlInput, access?: EntityAccess) {
      const ai = await requireAi(userId);
      const entity = await loadOptionalEntity(userId, input.company_id, access);
      const reference = await loadOptionalEntity(userId, input.reference_company_id, access);
      const { url, page } = await readArticle(
        input.url,
        deps.fetchAllowHosts,
        deps.logger,
        deps.pageText,
      );
      const answer = await chatLogged(
        ai,
        userId,
        'post-from-url',
        buildPostFromUrlPrompt({
          url,
          page,
          tone: input.tone,
          sizeFormat: input.size_format,
          entity,
          reference,
          includeEmojis: input.include_emojis,
          emojiCount: input.emoji_count,
          includeHashtags: input.include_hashtags,
          hashtagCount: input.hashtag_count,
          keywords: input.keywords,
        }),
        // One entity's details in the prompt: the row is that entity's; two: nobody limited's.
        input.reference_company_id && input.reference_company_id !== input.company_id
          ? input.company_id
            ? null
            : input.reference_company_id
          : (input.company_id ?? null),
      );
      const max = sizeGuidance(input.size_format).max ?? POST_CONTENT_MAX;
      return { content: trimToLength(cleanAnswer(answer.text), max) };
    },

    /** (d) Up to `count` hashtags; an answer without any usable one is a failure. */
    async hashtags(userId: string, input: HashtagsInput) {
      const ai = await requireAi(userId);
      const answer = await chatLogged(
        ai,
        userId,
        'hashtags',
        buildHashtagsPrompt(input.content, input.count),
      );
      const hashtags = parseHashtags(answer.text, input.count);
      if (hashtags.length === 0)
        throw AppError.badGateway(POST_MESSAGES.hashtagsFailed, 'AI_NO_HASHTAGS');
      return { hashtags };
    },

    /** (c) The content, rewritten to bring in the entity's description and capabilities. */
    async enhance(userId: string, input: EnhanceInput, access?: EntityAccess) {
      const ai = await requireAi(userId);
      const entity = await loadEntity(userId, input.company_id, access);
      const answer = await chatLogged(
        ai,
        userId,
        'enhance',
        buildEnhancePrompt(entity, input.content, input.tone),
        input.company_id,
      );
      return { content: trimToLength(cleanAnswer(answer.text), POST_CONTENT_MAX) };
    },

    /** (e) Text about the entity in place of every [AI] marker (or alone, without one). */
    async generate(userId: string, input: GenerateInput, access?: EntityAccess) {
      const ai = await requireAi(userId);
      const entity = await loadEntity(userId, input.company_id, access);
      const answer = await chatLogged(
        ai,
        userId,
        'generate',
        buildGeneratePrompt(entity, input.content, input.tone, input.size_format),
        input.company_id,
      );
      const generated = cleanAnswer(answer.text).split(POST_MESSAGES.aiMarker).join('').trim();
      if (!generated) throw AppError.badGateway(POST_MESSAGES.generateFailed, 'AI_EMPTY_ANSWER');
      const max = sizeGuidance(input.size_format).max ?? POST_CONTENT_MAX;
      const content = replaceAiMarker(input.content, trimToLength(generated, max));
      return { content: trimToLength(content, POST_CONTENT_MAX) };
    },

    async describeCompany(userId: string, input: CompanyDescriptionInput) {
      const ai = await requireAi(userId);
      const page = await readWebsite(input.website);
      const facts = [
        `Website: ${input.website}`,
        input.name ? `Company name: ${input.name}` : undefined,
        input.industry ? `Industry: ${input.industry}` : undefined,
        page.title ? `Page title: ${page.title}` : undefined,
        page.description ? `Meta description: ${page.description}` : undefined,
        page.text ? `Page text:\n${page.text}` : undefined,
      ].filter(Boolean);
      const answer = await chatLogged(ai, userId, 'company-description', {
        system:
          'You are an experienced marketing copywriter. You write accurate, specific company descriptions from website content, without inventing facts.',
        user: [
          `Write a 2-3 sentence description of the company behind this website.`,
          `Cover its value proposition, its target audience and its competitive advantage.`,
          `Use a ${input.tone} tone${input.industry ? ` suited to the ${input.industry} industry` : ''}.`,
          'Answer with the description only, no heading or quotes.',
          '',
          ...facts,
        ].join('\n'),
        maxTokens: 300,
      });
      return { description: answer.text.replace(/^["']|["']$/g, '').trim() };
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
