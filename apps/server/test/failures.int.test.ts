import { HTTP_MESSAGES } from '@cadence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from './helpers/databases.js';
import { closedPort } from './helpers/ports.js';
import { createTestApp, postJson, type TestApp } from './helpers/test-app.js';

describe.each(engines)('when things break, on %s', (engine) => {
  describe('mail server down', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(engine, { smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    });
    afterAll(async () => {
      await t?.close();
    });

    it('says the code could not be sent and lets the person retry at once', async () => {
      const body = { name: 'Mia Mail', email: 'mia@example.com', password: 'mail-password' };
      const first = await postJson(t.app, '/customer/auth/sign-up', body);
      expect(first.status).toBe(503);
      expect(first.json.message).toBe(
        'We could not send the email with your code. Please try again in a moment.',
      );
      const retry = await postJson(t.app, '/customer/auth/sign-up', body);
      expect(retry.status).toBe(503);
    });
  });

  describe('database gone', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(engine);
      await t.infra.queue.stop({ graceful: false, wait: true });
      await t.infra.database.close();
    });
    afterAll(async () => {
      await t?.close().catch(() => undefined);
    });

    it('reports the database as down on the health check', async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        statusCode: 503,
        message: 'The database is unreachable.',
        code: 'DATABASE_UNAVAILABLE',
        data: { status: 'degraded', database: 'down' },
      });
    });

    it('answers a generic 500 that leaks nothing', async () => {
      const response = await postJson(t.app, '/customer/auth/sign-in', {
        email: 'someone@example.com',
        password: 'some-password',
      });
      expect(response.status).toBe(500);
      expect(response.json).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: HTTP_MESSAGES.internal,
        code: 'INTERNAL_ERROR',
      });
      expect(response.headers['x-request-id']).toBeTruthy();
    });
  });
});
