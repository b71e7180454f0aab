import type { ApiSuccess } from '@cadence/shared';
import type { z } from 'zod/mini';
import { ApiRequestError, extractErrorCode, extractErrorMessage } from './api-error';
import { clearLocalStorage, getToken } from './session';
import { getWorkspaceId, setWorkspaceId, workspaceHeader } from './workspace';

export const API_BASE = '/api';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions<T> {
  method?: HttpMethod;
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  /**
   * Whether the call belongs to a session (default true): it then carries the bearer token,
   * and a 401 ends the session. Sign-in and the OTP calls pass false, so their 401 is only an
   * answer to show (a wrong password), not a reason to leave the page.
   */
  auth?: boolean;
  /**
   * With `auth`: whether a 401 ends the session here (clears storage, goes to /login with
   * the server's message; default true). Sign-out passes false: it ends the session itself.
   */
  endsSessionOn401?: boolean;
  /** Validates `data` of the answer; a mismatch fails the call like a server error. */
  schema?: z.ZodMiniType<T>;
  signal?: AbortSignal;
}

type UnauthorizedHandler = (serverMessage: string | null) => void;

let onUnauthorized: UnauthorizedHandler | null = null;

/** The app decides what "go to /login" means (router, toast, cache); the client only reports it. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

function buildInit(method: HttpMethod, body: unknown, token: string | null, signal?: AbortSignal) {
  const headers = new Headers({ Accept: 'application/json' });
  if (token !== null) {
    headers.set('Authorization', `Bearer ${token}`);
    // The workspace chosen in the top bar; none: the person's own.
    const workspace = getWorkspaceId();
    if (workspace !== null) headers.set(workspaceHeader, workspace);
  }
  const init: RequestInit = { method, headers };
  if (signal !== undefined) init.signal = signal;
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(body);
  }
  return init;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy's HTML error page, for instance: there is no message to show.
    return null;
  }
}

/**
 * Calls the product API at `/api{path}` and resolves with its `{ message, data }` answer.
 * Every failure rejects with an ApiRequestError whose `serverMessage` is the answer's
 * `message`, else its `error`, else null (callers then show their own fallback text).
 */
export async function apiRequest<T = unknown>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<ApiSuccess<T>> {
  const { method = 'GET', body, auth = true, endsSessionOn401 = true, schema, signal } = options;
  const token = auth ? getToken() : null;

  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, buildInit(method, body, token, signal));
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiRequestError(0, null, { cause });
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const serverMessage = extractErrorMessage(payload);
    const endedSession = response.status === 401 && auth && endsSessionOn401;
    // Only a call sent with a token ends the session and reports it. A call sent once the
    // session had already ended (a screen refetching after the first 401 cleared the storage,
    // or after 'Sign out everywhere' signed this browser out) has none to end: its 401
    // ('Please sign in to continue.') must not replace the message of the one that did.
    // Either way it is announced already: its caller shows nothing of its own.
    if (endedSession && token !== null) {
      clearLocalStorage();
      onUnauthorized?.(serverMessage);
    }
    // Removed from the chosen workspace: back to one's own (the next calls act there).
    if (response.status === 403 && extractErrorCode(payload) === 'NOT_A_MEMBER' && auth)
      setWorkspaceId(null);
    const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
    throw new ApiRequestError(response.status, serverMessage, {
      code: extractErrorCode(payload),
      retryAfter: Number.isFinite(retryAfter) ? retryAfter : null,
      endedSession,
      data: (payload as { data?: unknown } | null)?.data,
    });
  }

  const envelope = (typeof payload === 'object' && payload !== null ? payload : {}) as {
    message?: unknown;
    data?: unknown;
  };
  const message = typeof envelope.message === 'string' ? envelope.message : '';
  if (schema === undefined) return { message, data: envelope.data as T };

  const parsed = schema.safeParse(envelope.data);
  if (!parsed.success) {
    throw new ApiRequestError(response.status, null, { cause: parsed.error });
  }
  return { message, data: parsed.data };
}
