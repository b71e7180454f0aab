import type { AppInstance } from '../../src/app-instance.js';
import { multipartForm } from './media.js';
import type { ApiBody } from './test-app.js';

/** An API answer whose `data` has the given type. */
export type Answer<T> = Omit<ApiBody, 'data'> & { data: T; success?: boolean };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type FormPart =
  { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

export interface CallOptions {
  /** Extra request headers (they win over the bearer token's). */
  headers?: Record<string, string>;
  /** The client address the request comes from. */
  ip?: string;
}

/**
 * The test suite's one authenticated request: `/api` + url, with the token as a bearer token
 * (no header when it is null). An object body goes as JSON; a string body goes as it is,
 * declared JSON (for malformed-JSON tests); a Buffer body goes with the caller's headers.
 */
export async function apiCall<T = Record<string, unknown>>(
  app: AppInstance,
  method: Method,
  url: string,
  token: string | null,
  body?: object | string,
  options: CallOptions = {},
) {
  const response = await app.inject({
    method,
    url: `/api${url}`,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
      ...options.headers,
    },
    ...(body !== undefined ? { payload: body } : {}),
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
  return {
    status: response.statusCode,
    headers: response.headers,
    body: response.body,
    json: parseBody<Answer<T>>(response.body),
  };
}

/** A multipart form sent with the token as a bearer token. */
export function apiForm<T = Record<string, unknown>>(
  app: AppInstance,
  method: 'POST' | 'PUT' | 'PATCH',
  url: string,
  token: string | null,
  parts: FormPart[],
) {
  const { payload, headers } = multipartForm(parts);
  return apiCall<T>(app, method, url, token, payload, { headers });
}

/**
 * `call` and `send` bound to a test app that is made later (in `beforeAll`), so a test file
 * declares them once at the top of its suite.
 */
export function apiClient(app: () => AppInstance) {
  return {
    call: <T = Record<string, unknown>>(
      method: Method,
      url: string,
      token: string | null,
      body?: object | string,
      options?: CallOptions,
    ) => apiCall<T>(app(), method, url, token, body, options),
    send: <T = Record<string, unknown>>(
      method: 'POST' | 'PUT' | 'PATCH',
      url: string,
      token: string | null,
      parts: FormPart[],
    ) => apiForm<T>(app(), method, url, token, parts),
  };
}

function parseBody<T>(body: string): T {
  if (!body) return {} as T;
  try {
    return JSON.parse(body) as T;
  } catch {
    return {} as T;
  }
}
