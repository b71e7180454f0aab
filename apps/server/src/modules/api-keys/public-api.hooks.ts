import { IDEMPOTENT_REPLAYED_HEADER } from '@cadence/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiIdempotencyKeyRow } from '../../db/schema/api-keys.js';
import type { ApiKeysService } from './api-keys.service.js';
import { checkIdempotencyKey, requestFingerprint, type StoredAnswer } from './idempotency.js';
import type { ApiTrafficService, RateStanding } from './api-traffic.service.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public API route that honours `Idempotency-Key` (its answer is stored and replayed). */
    idempotent?: boolean;
    /** A route under the public API's prefix that needs no key (its OpenAPI document). */
    withoutApiKey?: boolean;
    /**
     * A route whose body says whether the call reads or writes (the MCP server: one POST for
     * every message): the call is counted once the body is read, in the window this names.
     * Without it, GET and HEAD count as reads and everything else as writes.
     */
    callKindOf?: (body: unknown) => 'read' | 'write';
  }
  interface FastifyRequest {
    /** The public API's state of this request (rate standing, idempotency), set by its hooks. */
    publicApi: PublicApiRequestState | null;
  }
}

interface PublicApiRequestState {
  standing?: RateStanding;
  /** This request holds its `Idempotency-Key`; `pending`: its fingerprint comes later. */
  claim?: { id: string; pending: boolean };
  /** The key was answered; the route's late fingerprint decides (replay or 422). */
  verify?: ApiIdempotencyKeyRow;
  replayed?: boolean;
  /** What the call log names the call by, when the route pattern alone says too little. */
  logRoute?: string;
}

/** The URL prefixes whose routes are the public API: an API key, limits, the call log. */
export const PUBLIC_API_PREFIXES = ['/api/v1/', '/mcp'];

function publicApiRoute(request: FastifyRequest): string | undefined {
  const route = request.routeOptions.url;
  if (!route || !PUBLIC_API_PREFIXES.some((prefix) => route.startsWith(prefix))) return undefined;
  if (request.routeOptions.config.withoutApiKey) return undefined;
  return route;
}

function sendReplay(reply: FastifyReply, answer: StoredAnswer) {
  if (reply.request.publicApi) reply.request.publicApi.replayed = true;
  reply.code(answer.statusCode).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  if (answer.contentType) reply.type(answer.contentType);
  return reply.send(answer.statusCode === 204 ? null : answer.body);
}

/**
 * The rules every route of the public API follows, registered once on the root instance
 * (before compression, so the answers stored for `Idempotency-Key` are the plain ones):
 * - onRequest: the key check (401), then the key's rate limit (429 with Retry-After);
 * - preHandler: `Idempotency-Key` on routes with `config: { idempotent: true }`;
 * - onSend: the RateLimit-* headers on every answer, the idempotent answer stored (or the
 *   key released after a 5xx);
 * - onResponse: the call written to the log.
 */
export function registerPublicApiHooks(
  app: FastifyInstance,
  services: { apiKeys: ApiKeysService; traffic: ApiTrafficService },
) {
  const { apiKeys, traffic } = services;
  const { idempotency } = traffic;
  app.decorateRequest('publicApi', null);

  /** Counts the call in the key's read or write window; 429 with Retry-After past it. */
  async function count(request: FastifyRequest, isRead: boolean) {
    if (!request.publicApi || !request.apiCaller) return;
    const { standing, refusal } = await traffic.countCall(request.apiCaller.keyId, isRead);
    request.publicApi.standing = standing;
    if (refusal) throw refusal;
  }

  app.addHook('onRequest', async (request) => {
    if (!publicApiRoute(request)) return;
    request.publicApi = {};
    request.apiCaller ??= await apiKeys.authenticate(request.headers.authorization);
    if (request.routeOptions.config.callKindOf) return;
    await count(request, request.method === 'GET' || request.method === 'HEAD');
  });

  // A route that tells reads from writes by its body is counted once the body is read.
  app.addHook('preValidation', async (request) => {
    const kindOf = request.routeOptions.config.callKindOf;
    if (!request.publicApi || !request.apiCaller || !kindOf) return;
    await count(request, kindOf(request.body) === 'read');
  });

  app.addHook('preHandler', async (request, reply) => {
    const state = request.publicApi;
    if (!state || !request.apiCaller || !request.routeOptions.config.idempotent) return;
    const key = checkIdempotencyKey(request.headers['idempotency-key']);
    if (key === undefined) return;
    // A multipart body's fingerprint is its file, known once the route has read it.
    const fingerprint = request.isMultipart()
      ? null
      : requestFingerprint(request.method, request.url, request.body);
    const start = await idempotency.start(request.apiCaller.keyId, key, fingerprint);
    if (start.kind === 'run') state.claim = { id: start.claimId, pending: fingerprint === null };
    else if (start.kind === 'verify') state.verify = start.row;
    else return sendReplay(reply, start.answer);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const state = request.publicApi;
    if (!state) return payload;
    if (state.standing) {
      reply.header('ratelimit-limit', String(state.standing.limit));
      reply.header('ratelimit-remaining', String(state.standing.remaining));
      reply.header('ratelimit-reset', String(state.standing.resetSeconds));
    }
    const claim = state.claim;
    if (!claim || state.replayed) return payload;
    state.claim = undefined;
    const status = reply.statusCode;
    const body =
      payload === null || payload === undefined
        ? ''
        : typeof payload === 'string'
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString('utf8')
            : undefined;
    try {
      // A failure of ours (5xx), an answer we cannot keep (a stream), or a request that ended
      // before its fingerprint was known gives the key back: a retry runs afresh.
      if (status >= 500 || body === undefined || claim.pending) {
        await idempotency.release(claim.id);
      } else {
        const type = reply.getHeader('content-type');
        await idempotency.store(claim.id, {
          statusCode: status,
          contentType: typeof type === 'string' ? type : null,
          body,
        });
      }
    } catch (error) {
      request.log.warn({ err: error }, 'could not keep the answer of an Idempotency-Key');
    }
    return payload;
  });

  app.addHook('onResponse', async (request, reply) => {
    const route =
      request.publicApi && request.apiCaller
        ? (request.publicApi.logRoute ?? request.routeOptions.url)
        : undefined;
    if (!route || !request.apiCaller) return;
    await traffic.recordCall({
      userId: request.apiCaller.user.id,
      apiKeyId: request.apiCaller.keyId,
      method: request.method,
      route,
      status: reply.statusCode,
      durationMs: Math.round(reply.elapsedTime),
    });
  });
}

/**
 * For a route whose fingerprint is known only once it has read the request (a multipart
 * upload: its file's hash): records it for the key this request holds, or, when the key was
 * answered already, answers the stored answer to replay (422 for another file).
 */
export async function lateFingerprint(
  request: FastifyRequest,
  traffic: ApiTrafficService,
  fingerprint: string,
): Promise<StoredAnswer | undefined> {
  const state = request.publicApi;
  if (state?.verify) return traffic.idempotency.verify(state.verify, fingerprint);
  if (state?.claim?.pending) {
    await traffic.idempotency.setFingerprint(state.claim.id, fingerprint);
    state.claim.pending = false;
  }
  return undefined;
}

export { sendReplay };
