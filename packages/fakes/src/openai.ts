import { createServer, type IncomingMessage } from 'node:http';
import { listenOnLoopback } from './listen.js';

export interface ChatCompletionRequest {
  model: string;
  messages: Array<{ role: string; content: string }>;
  max_tokens?: number;
}

async function readJson(request: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatCompletionRequest;
}

/**
 * A local stand-in for an OpenAI-compatible server: POST /v1/chat/completions with a bearer
 * key, answered in the documented shape. `reply` decides the text (or an HTTP error).
 */
export async function startFakeOpenAi(
  reply: (request: ChatCompletionRequest) => { text: string } | { status: number; message: string },
  apiKey = 'test-openai-key',
) {
  const requests: ChatCompletionRequest[] = [];
  const server = createServer((request, response) => {
    void (async () => {
      const send = (status: number, body: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.method !== 'POST' || request.url !== '/v1/chat/completions') {
        return send(404, { error: { message: 'Not found', type: 'invalid_request_error' } });
      }
      if (request.headers.authorization !== `Bearer ${apiKey}`) {
        return send(401, {
          error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
        });
      }
      const body = await readJson(request);
      requests.push(body);
      const answer = reply(body);
      if ('status' in answer)
        return send(answer.status, { error: { message: answer.message, type: 'server_error' } });
      const promptTokens = body.messages.reduce(
        (sum, message) => sum + Math.ceil(message.content.length / 4),
        0,
      );
      return send(200, {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [
          { index: 0, message: { role: 'assistant', content: answer.text }, finish_reason: 'stop' },
        ],
        usage: {
          prompt_tokens: promptTokens,
          completion_tokens: Math.ceil(answer.text.length / 4),
          total_tokens: promptTokens + Math.ceil(answer.text.length / 4),
        },
      });
    })().catch(() => {
      // The client went away mid-request: nothing to answer.
      response.destroy();
    });
  });
  const port = await listenOnLoopback(server);
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
