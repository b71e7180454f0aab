import { FormData } from 'undici';
import { fetchErrorCode, isNotSentFailure, unreachableMessage } from './fetch-failure.js';
import { httpCall, type AnswerHeaders, type HttpCall } from './http-call.js';
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { classifyMetaError, redact, type MetaNetwork } from './meta-graph.js';
import { NetworkError } from './types.js';

export interface GraphClientConfig {
  network: MetaNetwork;
  /** e.g. https://graph.facebook.com/v25.0 (the version lives in the base URL). */
  baseUrl: string;
  timeoutMs: number;
}

export interface GraphFile {
  field: string;
  /** A Blob backed by the stored file: the form streams it. */
  data: Blob;
  mimeType: string;
  fileName: string;
}

export interface GraphCall<T> {
  method: 'GET' | 'POST';
  /** Starts with '/'; ids inside must already be URI-encoded. */
  path: string;
  accessToken: string;
  /** When known, signs the call with appsecret_proof (required by apps with "Require App Secret"). */
  appSecret?: string;
  params?: Record<string, string | undefined>;
  file?: GraphFile;
  schema: z.ZodType<T>;
  /**
   * True for the call that makes a post visible: if it times out or the socket drops after it was
   * sent, the post may exist, so the failure is `unconfirmed` rather than safe to retry.
   */
  isPublish?: boolean;
}

/** Graph's documented request signature: HMAC-SHA256 of the token keyed with the app secret. */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

function buildRequest(call: GraphCall<unknown>, url: URL): Omit<HttpCall, 'signal'> {
  const params: Record<string, string> = { access_token: call.accessToken };
  if (call.appSecret) params.appsecret_proof = appSecretProof(call.accessToken, call.appSecret);
  for (const [key, value] of Object.entries(call.params ?? {})) {
    if (value !== undefined) params[key] = value;
  }
  if (call.method === 'GET') {
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return { method: 'GET' };
  }
  // POST parameters travel in the body so the token stays out of URLs and proxy logs.
  if (!call.file) return { method: 'POST', body: new URLSearchParams(params) };
  const form = new FormData();
  for (const [key, value] of Object.entries(params)) form.set(key, value);
  const { field, data, mimeType, fileName } = call.file;
  form.set(field, data.type === mimeType ? data : data.slice(0, data.size, mimeType), fileName);
  return { method: 'POST', body: form };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** One Graph API call: token and proof attached, time-limited, failures classified. */
export async function callGraph<T>(config: GraphClientConfig, call: GraphCall<T>): Promise<T> {
  const { network } = config;
  const secrets = [call.accessToken, call.appSecret];
  const url = new URL(`${config.baseUrl.replace(/\/+$/, '')}${call.path}`);
  const signal = AbortSignal.timeout(config.timeoutMs);
  let status: number;
  let headers: AnswerHeaders;
  let text: string;
  try {
    ({ status, headers, text } = await httpCall(url, { ...buildRequest(call, url), signal }));
  } catch (error) {
    const reason = signal.aborted
      ? `no answer within ${config.timeoutMs} ms`
      : redact(fetchErrorCode(error) ?? (error as Error).message, secrets);
    const isNotSent = !signal.aborted && isNotSentFailure(fetchErrorCode(error));
    const kind = call.isPublish && !isNotSent ? 'unconfirmed' : 'transient';
    const name = network === 'instagram' ? 'Instagram' : 'Facebook';
    throw new NetworkError(
      network,
      kind,
      isNotSent ? unreachableMessage(name) : `${name} did not answer properly: ${reason}`,
    );
  }
  const body = parseJson(text);
  if (status < 200 || status >= 300)
    throw classifyMetaError(network, { status, headers, body }, secrets);
  const parsed = call.schema.safeParse(body);
  if (parsed.success) return parsed.data;
  // A 2xx we cannot read: on the publishing call the post probably exists.
  throw new NetworkError(
    network,
    call.isPublish ? 'unconfirmed' : 'transient',
    `Graph API answered ${call.path.split('/').pop() ?? 'the call'} in an unexpected shape`,
    { status },
  );
}

/**
 * A Graph list (Facebook, Instagram and Threads answer lists alike): `data` with the items and
 * `paging` with the `after` cursor and, when more follow, a `next` address.
 */
export function graphListSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    paging: z
      .object({
        cursors: z.object({ after: z.string().optional() }).optional(),
        next: z.string().optional(),
      })
      .optional(),
  });
}

/**
 * A Graph insights answer (`/{id}/insights`, Threads' `/{user}/threads_insights`): one entry per
 * metric, its number in `values[0].value` (lifetime metrics) or `total_value.value`.
 */
export const GraphInsightsSchema = z.object({
  data: z.array(
    z.looseObject({
      name: z.string(),
      values: z.array(z.looseObject({ value: z.unknown() })).optional(),
      total_value: z.looseObject({ value: z.unknown() }).optional(),
    }),
  ),
});

/** An insights answer as numbers by metric name (a metric left out is simply absent). */
export function insightNumbers(answer: z.infer<typeof GraphInsightsSchema>) {
  const numbers: Record<string, unknown> = {};
  for (const metric of answer.data) {
    numbers[metric.name] = metric.total_value?.value ?? metric.values?.[0]?.value;
  }
  return numbers;
}

/**
 * Whether a Graph error says the object is not there (deleted): 100/33 "Object with ID …
 * does not exist", or a bare 404.
 */
export function isGoneError(error: unknown): boolean {
  return (
    error instanceof NetworkError &&
    (error.details.code === '100/33' || error.details.status === 404)
  );
}

/** Enough for any real account; stops a misbehaving cursor from looping forever. */
const MAX_LIST_PAGES = 10;

/**
 * Reads every page of a Graph list (e.g. /me/accounts). Only the `after` cursor is taken from
 * the answer, never the `paging.next` URL, so the token is only ever sent to our base URL.
 */
export async function listGraphPages<T>(
  config: GraphClientConfig,
  list: {
    path: string;
    fields: string;
    accessToken: string;
    appSecret?: string;
    item: z.ZodType<T>;
  },
): Promise<T[]> {
  const schema = graphListSchema(list.item);
  const items: T[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_LIST_PAGES; page++) {
    const answer = await callGraph(config, {
      method: 'GET',
      path: list.path,
      accessToken: list.accessToken,
      appSecret: list.appSecret,
      params: { fields: list.fields, limit: '100', after },
      schema,
    });
    items.push(...answer.data);
    after = answer.paging?.cursors?.after;
    if (!answer.paging?.next || !after) break;
  }
  return items;
}
