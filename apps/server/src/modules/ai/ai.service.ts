import { AI_MESSAGES, type EntityTone } from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AiClient, ChatRequest } from '../../integrations/ai.js';
import { fetchPublicPage, WebFetchError } from '../../integrations/web-fetch.js';
import { extractPageText } from '../../lib/html-text.js';
import { getEntitlements } from '../plans/entitlements.js';
import { insertAiCallLog } from './ai-call-log.repository.js';

export interface AiServiceDeps {
  db: Db;
  ai: AiClient | undefined;
  fetchAllowHosts: string[];
  logger: FastifyBaseLogger;
}

export interface CompanyDescriptionInput {
  website: string;
  tone: EntityTone;
  industry?: string | null | undefined;
  name?: string | null | undefined;
}

export function createAiService(deps: AiServiceDeps) {
  /** The client, once the server has AI configured and the customer's plan includes it. */
  async function requireAi(userId: string): Promise<AiClient> {
    if (!deps.ai) throw AppError.unavailable(AI_MESSAGES.notConfigured, 'AI_NOT_CONFIGURED');
    const entitlements = await getEntitlements(deps.db, userId);
    if (!entitlements.hasAi) throw AppError.forbidden(AI_MESSAGES.notInPlan, 'AI_NOT_IN_PLAN');
    return deps.ai;
  }

  /** Runs one chat call and records it, success or failure, in the AI call log. */
  async function chatLogged(ai: AiClient, userId: string, purpose: string, request: ChatRequest) {
    const startedAt = performance.now();
    const prompt = `[system]\n${request.system}\n\n[user]\n${request.user}`;
    try {
      const answer = await ai.chat(request);
      await insertAiCallLog(deps.db, {
        userId,
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
    try {
      const page = await fetchPublicPage(url, { allowHosts: deps.fetchAllowHosts });
      return extractPageText(page.body);
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
  }

  return {
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
