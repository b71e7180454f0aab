import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FormData } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchErrorCode, isNotSentFailure } from './fetch-failure.js';
import { httpCall } from './http-call.js';

/** What the server saw of the last request. */
let seen: { method?: string; headers: IncomingMessage['headers']; body: string };
let answer: (response: ServerResponse) => void;
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    seen = {
      method: request.method,
      headers: request.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    };
    answer(response);
  });
});
let base: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
  answer = (response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
};
const within = (ms = 5000) => AbortSignal.timeout(ms);

describe('httpCall', () => {
  it('answers the status, the headers by name in any case, and the body as text', async () => {
    json(429, { error: 'slow down' }, { 'Retry-After': '7', 'X-Rate-Limit-Reset': '123' });
    const result = await httpCall(`${base}/2/tweets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'héllo' }),
      signal: within(),
    });
    expect(result.status).toBe(429);
    expect(result.headers.get('retry-after')).toBe('7');
    expect(result.headers.get('X-Rate-Limit-Reset')).toBe('123');
    expect(result.headers.get('absent')).toBeNull();
    expect(JSON.parse(result.text)).toEqual({ error: 'slow down' });
    expect(seen).toMatchObject({ method: 'POST', body: '{"text":"héllo"}' });
  });

  it('sends a form url-encoded and a FormData as multipart, with its file, as fetch does', async () => {
    json(200, {});
    await httpCall(`${base}/form`, {
      method: 'POST',
      body: new URLSearchParams({ access_token: 'a b', message: 'x&y' }),
      signal: within(),
    });
    expect(seen.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(seen.body).toBe('access_token=a+b&message=x%26y');

    const form = new FormData();
    form.set('caption', 'hello');
    form.set('source', new Blob([Buffer.from('PNGDATA')], { type: 'image/png' }), 'a.png');
    await httpCall(`${base}/upload`, { method: 'POST', body: form, signal: within() });
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen.body).toContain('name="caption"');
    expect(seen.body).toContain('filename="a.png"');
    expect(seen.body).toContain('PNGDATA');
  });

  it('sends a Blob as it is', async () => {
    json(201, {});
    await httpCall(`${base}/blob`, {
      method: 'PUT',
      headers: { 'content-type': 'image/png' },
      body: new Blob([Buffer.from('BYTES')]),
      signal: within(),
    });
    expect(seen).toMatchObject({ method: 'PUT', body: 'BYTES' });
    expect(seen.headers['content-length']).toBe('5');
  });

  it('does not follow a redirect: it is an answer', async () => {
    answer = (response) => {
      response.writeHead(302, { location: `${base}/elsewhere` });
      response.end();
    };
    const result = await httpCall(`${base}/moved`, { method: 'GET', signal: within() });
    expect(result.status).toBe(302);
  });

  it("rejects with the signal's TimeoutError when no answer comes in time", async () => {
    answer = () => undefined; // never answers
    const failure = await httpCall(`${base}/slow`, { method: 'GET', signal: within(100) }).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ name: 'TimeoutError' });
  });

  it('rejects with the system code when nothing listens: the request never left', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    const failure = await httpCall(`http://127.0.0.1:${port}/`, {
      method: 'GET',
      signal: within(),
    }).catch((error: unknown) => error);
    expect(fetchErrorCode(failure)).toBe('ECONNREFUSED');
    expect(isNotSentFailure(fetchErrorCode(failure))).toBe(true);
  });

  it('rejects with a socket code, not a "not sent" one, when the connection drops mid-call', async () => {
    answer = (response) => response.socket?.destroy();
    const failure = await httpCall(`${base}/reset`, {
      method: 'POST',
      body: 'post',
      signal: within(),
    }).catch((error: unknown) => error);
    const code = fetchErrorCode(failure);
    expect(code).toBeDefined();
    expect(isNotSentFailure(code)).toBe(false);
  });
});
