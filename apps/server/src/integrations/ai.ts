import type OpenAI from 'openai';
import { lazy } from '../lib/lazy.js';

export interface ChatRequest {
  system: string;
  user: string;
  maxTokens: number;
  temperature?: number;
}

export interface ChatAnswer {
  text: string;
  model: string;
  inputTokens: number | null;
  outputTokens: number | null;
  /** Set when the model stopped early (length), for the call log. */
  warning: string | null;
}

/** A chat-completions model behind one verb; any OpenAI-compatible server works. */
export interface AiClient {
  readonly platform: string;
  readonly model: string;
  chat(request: ChatRequest): Promise<ChatAnswer>;
}

export interface AiConfig {
  apiKey: string | undefined;
  baseUrl: string | undefined;
  model: string;
}

/** Undefined when no key is configured: AI routes then answer 503. */
export function createAiClient(config: AiConfig): AiClient | undefined {
  if (!config.apiKey) return undefined;
  const { apiKey } = config;
  // The SDK is loaded on the first AI request, not at every start.
  const client = lazy(async (): Promise<OpenAI> => {
    const { default: OpenAiSdk } = await import('openai');
    return new OpenAiSdk({ apiKey, baseURL: config.baseUrl, timeout: 30_000, maxRetries: 1 });
  });
  return {
    platform: 'openai',
    model: config.model,
    async chat(request) {
      const completion = await (
        await client()
      ).chat.completions.create({
        model: config.model,
        max_tokens: request.maxTokens,
        temperature: request.temperature ?? 0.7,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.user },
        ],
      });
      const choice = completion.choices[0];
      return {
        text: choice?.message.content?.trim() ?? '',
        model: completion.model || config.model,
        inputTokens: completion.usage?.prompt_tokens ?? null,
        outputTokens: completion.usage?.completion_tokens ?? null,
        warning:
          choice?.finish_reason === 'length' ? 'The answer was cut at the token limit' : null,
      };
    },
  };
}
