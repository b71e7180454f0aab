import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requireApiCaller } from '../api-keys/index.js';
import type { PublicApiService } from '../public-api/index.js';
import { createMcpServer, loadMcpSdk, mcpCallKind, toolNameOf } from './mcp.server.js';

export const MCP_PATH = '/mcp';

/** Request headers the web Request is built without (the body is handed over parsed). */
const SKIPPED_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection', 'host']);

function webRequestOf(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || SKIPPED_HEADERS.has(name)) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const url = `${request.protocol}://${request.host}${request.url}`;
  return new Request(url, { method: request.method, headers });
}

/** What the call log names an MCP call by: the tools it calls, else the JSON-RPC method. */
function logRouteOf(body: unknown): string {
  const messages = Array.isArray(body) ? body : [body];
  const names = messages.map((message) => {
    const tool = toolNameOf(message);
    if (tool !== undefined) return tool || 'tools/call';
    const method = (message as { method?: unknown } | null)?.method;
    return typeof method === 'string' ? method : 'message';
  });
  return `${MCP_PATH} ${[...new Set(names)].join(', ')}`.slice(0, 200);
}

/** Stateless: no session to open a stream on or to end. */
function notAllowed(_request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(405)
    .header('allow', 'POST')
    .send({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message: 'Method not allowed: this MCP server is stateless, POST only.',
      },
      id: null,
    });
}

/**
 * The MCP server at /mcp (Streamable HTTP, stateless, JSON answers). Under
 * PUBLIC_API_PREFIXES, so the API key check, the key's rate limits (a call of a tool that
 * writes counts as a write, every other message as a read) and the call log apply as to
 * /api/v1; each tool asks for its scope through the public API service.
 */
export function registerMcpRoutes(app: FastifyInstance, api: PublicApiService) {
  app.post(
    MCP_PATH,
    {
      bodyLimit: 256 * 1024,
      config: { callKindOf: mcpCallKind },
      schema: { hide: true },
    },
    async (request, reply) => {
      const caller = requireApiCaller(request);
      if (request.publicApi) request.publicApi.logRoute = logRouteOf(request.body);
      const { WebStandardStreamableHTTPServerTransport } = await loadMcpSdk();
      const server = await createMcpServer(api, caller, request.log);
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      });
      try {
        await server.connect(transport);
        const answer = await transport.handleRequest(webRequestOf(request), {
          parsedBody: request.body,
        });
        reply.code(answer.status);
        answer.headers.forEach((value, name) => {
          if (name !== 'content-length') reply.header(name, value);
        });
        const text = await answer.text();
        return reply.send(text === '' ? null : text);
      } finally {
        await server.close();
      }
    },
  );
  app.get(MCP_PATH, { config: { withoutApiKey: true }, schema: { hide: true } }, notAllowed);
  app.delete(MCP_PATH, { config: { withoutApiKey: true }, schema: { hide: true } }, notAllowed);
}
