import { request, type FormData } from 'undici';

/** What an adapter reads of an answer's headers (a `Headers` serves as well, in tests). */
export type AnswerHeaders = Pick<Headers, 'get'>;

/** A network's answer, read whole: every API answer the adapters call for is small JSON. */
export interface HttpAnswer {
  status: number;
  headers: AnswerHeaders;
  text: string;
}

export interface HttpCall {
  method: string;
  headers?: Record<string, string>;
  /**
   * A form (`URLSearchParams`) is sent url-encoded, a `FormData` as multipart, as fetch does.
   * The FormData must be undici's own (`import { FormData } from 'undici'`): the global one is
   * another copy of undici, which this client does not recognise.
   */
  body?: string | Buffer | Blob | FormData | URLSearchParams;
  /** Ends the call: its reason is what the call rejects with (a `TimeoutError` from `AbortSignal.timeout`). */
  signal: AbortSignal;
}

/** Header lookups by name, over the plain object undici answers with (names in lower case). */
function headerReader(raw: Record<string, string | string[] | undefined>): AnswerHeaders {
  return {
    get(name: string) {
      const value = raw[name.toLowerCase()];
      if (value === undefined) return null;
      return Array.isArray(value) ? value.join(', ') : value;
    },
  };
}

/**
 * One call of an adapter to its network. undici's `request` rather than the global `fetch`:
 * the same client underneath, without the WHATWG layer (Request, Response, web streams), at a
 * third of the CPU per call on this machine (docs/decisions/132). It fails the way fetch's
 * callers read (`fetch-failure.ts`): the system error with its `code` (refused, reset, TLS...),
 * or the signal's reason when it ended the call. Redirects are not followed: a 3xx comes back
 * as an answer like any other refusal.
 */
export async function httpCall(url: string | URL, call: HttpCall): Promise<HttpAnswer> {
  let { body } = call;
  let headers = call.headers;
  if (body instanceof URLSearchParams) {
    headers = { 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8', ...headers };
    body = body.toString();
  }
  const answer = await request(url, {
    method: call.method as 'GET',
    headers,
    // undici sends a Blob as it is (its types leave blobs out).
    body: body as Exclude<typeof body, Blob | URLSearchParams>,
    signal: call.signal,
  });
  let text: string;
  try {
    text = await answer.body.text();
  } catch (error) {
    // The signal ended the call while the answer was read: rejected with its reason, as fetch.
    throw call.signal.aborted ? (call.signal.reason as Error) : error;
  }
  return {
    status: answer.statusCode,
    headers: headerReader(answer.headers),
    text,
  };
}
