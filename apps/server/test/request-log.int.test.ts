import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from './helpers/databases.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

interface LogLine {
  msg?: string;
  req?: { method?: string; url?: string; remoteAddress?: string };
}

describe.each(engines)('the request log on %s', (engine) => {
  let t: TestApp;
  const written: string[] = [];
  const entries = () => written.map((line) => JSON.parse(line) as LogLine);
  const loggedUrls = () =>
    entries()
      .filter((entry) => entry.msg === 'incoming request')
      .map((entry) => entry.req?.url);

  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { PUBLIC_URL: 'http://cadence.example.test' },
      logDestination: { write: (line: string) => void written.push(line) },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("never writes a one-click callback's code and state", async () => {
    const code = 'consent-code-0123456789abcdef';
    const state = 'flow-state-fedcba9876543210';
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/social-accounts/oauth/twitter/callback?code=${code}&state=${state}`,
    });
    expect(response.statusCode).toBe(302);
    expect(loggedUrls()).toContain(
      '/api/social-accounts/oauth/twitter/callback?code=[redacted]&state=[redacted]',
    );
    const log = written.join('');
    expect(log).not.toContain(code);
    expect(log).not.toContain(state);
  });

  it('hides any other secret-bearing query value and keeps the rest of the address', async () => {
    const secrets = {
      token: 'token-value-1',
      access_token: 'access-value-2',
      oauth_token: 'oauth-token-value-3',
      oauth_verifier: 'verifier-value-4',
      otp_code: '975310',
    };
    const query = new URLSearchParams({ ...secrets, page: '2' }).toString();
    const response = await t.app.inject({ method: 'GET', url: `/api/health?${query}` });
    expect(response.statusCode).toBeLessThan(500);
    expect(loggedUrls()).toContain(
      '/api/health?token=[redacted]&access_token=[redacted]&oauth_token=[redacted]&oauth_verifier=[redacted]&otp_code=[redacted]&page=2',
    );
    const log = written.join('');
    for (const value of Object.values(secrets)) expect(log).not.toContain(value);
    // The request's other fields are still there.
    const entry = entries().find((line) => line.req?.url?.startsWith('/api/health?'));
    expect(entry?.req).toMatchObject({ method: 'GET', remoteAddress: '127.0.0.1' });
  });
});
