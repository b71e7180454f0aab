import { STATUS_CODES } from 'node:http';
import { HTTP_MESSAGES } from '@cadence/shared';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../errors.js';
import { lazy } from '../../lib/lazy.js';
import { version } from '../../version.js';
import type { ApiCaller } from '../api-keys/index.js';
import type { PublicApiService } from '../public-api/index.js';
import { mcpTools, type McpTool } from './mcp.tools.js';

/** What the server tells an agent before anything else (the MCP `instructions`). */
export const MCP_INSTRUCTIONS = [
  'Cadence schedules and publishes social media posts for the entities (companies or brands) of one customer, to X (twitter), Facebook, LinkedIn (linkedIn), Instagram, Bluesky and Threads.',
  'A published post is public: everyone on that network can see it, and deleting it in Cadence does not remove it from the network.',
  'publish_now, retry_publication and delete_post do nothing unless called with confirm: true. Call them without it first, tell the person what the answer says would happen, and ask; call again with confirm: true only after they agree.',
  'A publication whose status is unconfirmed means: check the account before posting again. The network may have published it without telling us; never retry it or create the post again before the person has looked at the account.',
  'Before writing a post, read get_network_rules for each network it goes to; networks must be connected for the entity (list_connections).',
  'Times are ISO 8601 with an offset (2026-05-01T09:00:00Z). Errors answer the public API error body with a code: INSUFFICIENT_SCOPE means the API key lacks that permission; ask the person for a key with it.',
].join('\n\n');

/** The SDK loads on the first MCP request, not with every start. */
export const loadMcpSdk = lazy(async () => {
  const [{ McpServer }, { WebStandardStreamableHTTPServerTransport }] = await Promise.all([
    import('@modelcontextprotocol/sdk/server/mcp.js'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
  ]);
  return { McpServer, WebStandardStreamableHTTPServerTransport };
});

/** The product's one error body, as a tool's error result (the code in its text). */
function errorBody(error: unknown, logger: FastifyBaseLogger) {
  if (error instanceof AppError) {
    return {
      statusCode: error.statusCode,
      error: STATUS_CODES[error.statusCode] ?? 'Error',
      message: error.message,
      code: error.code,
    };
  }
  logger.error({ err: error, code: 'INTERNAL_ERROR' }, 'an MCP tool failed');
  return {
    statusCode: 500,
    error: STATUS_CODES[500],
    message: HTTP_MESSAGES.internal,
    code: 'INTERNAL_ERROR',
  };
}

/** One tool's answer: the route's body as structured content, and as JSON text for agents that read text. */
async function runTool(
  tool: McpTool,
  caller: ApiCaller,
  args: Record<string, unknown>,
  logger: FastifyBaseLogger,
) {
  try {
    const body = await tool.run(caller, args);
    return {
      content: [{ type: 'text' as const, text: JSON.stringify(body) }],
      structuredContent: body as Record<string, unknown>,
    };
  } catch (error) {
    const body = errorBody(error, logger);
    return {
      content: [{ type: 'text' as const, text: `${body.code}: ${body.message}` }],
      structuredContent: body,
      isError: true,
    };
  }
}

/**
 * An MCP server for one request of one caller (stateless: a new server and transport per
 * request, as the SDK documents), its tools bound to the caller's key.
 */
export async function createMcpServer(
  api: PublicApiService,
  caller: ApiCaller,
  logger: FastifyBaseLogger,
) {
  const { McpServer } = await loadMcpSdk();
  const server = new McpServer(
    { name: 'cadence', title: 'Cadence', version },
    { instructions: MCP_INSTRUCTIONS, capabilities: { tools: {} } },
  );
  for (const tool of mcpTools(api)) {
    server.registerTool(
      tool.name,
      {
        title: tool.title,
        description: tool.description,
        inputSchema: tool.input,
        annotations: { title: tool.title, ...tool.annotations },
      },
      (args: Record<string, unknown>) => runTool(tool, caller, args, logger),
    );
  }
  return server;
}

/** Whether a JSON-RPC message (or batch) only reads: anything but a call of a tool that writes. */
export function mcpCallKind(body: unknown): 'read' | 'write' {
  const messages = Array.isArray(body) ? body : [body];
  const readOnly = new Set(
    mcpToolAnnotations()
      .filter((tool) => tool.readOnly)
      .map((tool) => tool.name),
  );
  const writes = messages.some((message) => {
    const name = toolNameOf(message);
    return name !== undefined && !readOnly.has(name);
  });
  return writes ? 'write' : 'read';
}

/** The tool a `tools/call` message calls. */
export function toolNameOf(message: unknown): string | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const { method, params } = message as { method?: unknown; params?: { name?: unknown } };
  if (method !== 'tools/call') return undefined;
  return typeof params?.name === 'string' ? params.name : '';
}

let annotations: Array<{ name: string; readOnly: boolean }> | undefined;
function mcpToolAnnotations() {
  // The names and hints do not depend on the service: read them once from the list.
  annotations ??= mcpTools({} as PublicApiService).map((tool) => ({
    name: tool.name,
    readOnly: tool.annotations.readOnlyHint,
  }));
  return annotations;
}
