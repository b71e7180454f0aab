import { roleAllows, type TeamRole } from '@cadence/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_RULES, routeRuleOf } from '../src/modules/team/index.js';
import { apiCall, type Method } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import { addMember } from './helpers/team.js';
import {
  accountIdOf,
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const SOME_ID = '00000000-0000-4000-8000-000000000000';

/** A route's path with its parameters filled in with values that name nothing. */
function concrete(url: string) {
  return url
    .replace(/^\/api/, '')
    .replace(':network', 'twitter')
    .replace(':action', 'pause')
    .replace(':token', 'no-such-invitation')
    .replace(/:[a-z_]+/g, SOME_ID);
}

/** The routes a signed-in session calls (not the public API's keys, not the web app). */
function sessionRoutes(t: TestApp) {
  return t.app.routeList.filter(
    (route) =>
      route.url.startsWith('/api/') &&
      !route.url.startsWith('/api/v1/') &&
      route.url !== '/api/v1' &&
      !route.url.startsWith('/api/docs') &&
      route.method !== 'HEAD' &&
      route.method !== 'OPTIONS',
  );
}

describe.each(engines)('every route against every role on %s', (engine) => {
  let t: TestApp;
  let ownerId: string;
  const tokens: Partial<Record<TeamRole, string>> = {};

  beforeAll(async () => {
    t = await createTestApp(engine);
    tokens.owner = await createVerifiedAccount(t, { email: 'owner@example.com' });
    ownerId = await accountIdOf(t, 'owner@example.com');
    await setTierByCommand(t, 'owner@example.com', 'business');
    for (const role of ['manager', 'editor', 'viewer'] as const) {
      const email = `${role}@example.com`;
      tokens[role] = await createVerifiedAccount(t, { email });
      await addMember(t, tokens.owner, { email, token: tokens[role] }, role);
    }
    // Several accounts through the real sign-up: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
  });

  it('states a rule for every write route (a new one without a rule fails here)', () => {
    const writes = sessionRoutes(t).filter((route) => WRITE_METHODS.has(route.method));
    expect(writes.length).toBeGreaterThan(60);
    const missing = writes
      .map((route) => `${route.method} ${route.url.replace(/^\/api/, '')}`)
      .filter((key) => !(key in ROUTE_RULES) && !key.split(' ')[1]!.startsWith('/admin/'));
    expect(missing).toEqual([]);
  });

  it('refuses each role every route above it with 403 FORBIDDEN_ROLE, and lets the rest through', async () => {
    const failures: string[] = [];
    for (const route of sessionRoutes(t)) {
      const path = route.url.replace(/^\/api/, '');
      const rule = routeRuleOf(route.method, path);
      // Signing out would end the session the next rows need.
      if (rule === 'public' || path === '/customer/auth/sign-out') continue;
      for (const role of ['manager', 'editor', 'viewer'] as const) {
        const answer = await apiCall(
          t.app,
          route.method as Method,
          concrete(route.url),
          tokens[role]!,
          WRITE_METHODS.has(route.method) ? {} : undefined,
          { headers: { 'x-workspace-id': ownerId } },
        );
        const refused = answer.status === 403 && answer.json.code === 'FORBIDDEN_ROLE';
        const expected = rule !== 'personal' && !roleAllows(role, rule);
        if (refused !== expected)
          failures.push(
            `${role} ${route.method} ${path} (${rule}): ${answer.status} ${String(answer.json.code)}`,
          );
        if (answer.status >= 500)
          failures.push(`${role} ${route.method} ${path}: ${answer.status} ${answer.body}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a viewer is refused every write that is not about their own account', () => {
    const writes = sessionRoutes(t).filter((route) => WRITE_METHODS.has(route.method));
    const open = writes.filter((route) => {
      const rule = routeRuleOf(route.method, route.url.replace(/^\/api/, ''));
      return rule !== 'personal' && rule !== 'public' && roleAllows('viewer', rule);
    });
    expect(open).toEqual([]);
  });
});
