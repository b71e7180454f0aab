import { CONNECTION_MESSAGES } from '@cadence/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptionPlans } from '../src/db/schema.js';
import { apiCall } from './helpers/api.js';
import { engines } from './helpers/databases.js';
import {
  connectionFields,
  createCompany,
  startNetworkFakes,
  type NetworkFakes,
} from './helpers/networks.js';
import {
  createTestApp,
  createVerifiedAccount,
  setTierByCommand,
  type TestApp,
} from './helpers/test-app.js';

// The plan's network limit: how many networks the customer's entities use between them,
// each network counted once. Pro allows three networks and lists three, so the limit is
// tightened to two here to make it bite.
describe.each(engines)("the plan's network limit on %s", (engine) => {
  let fakes: NetworkFakes;
  let t: TestApp;
  let token = '';
  let first = '';
  let second = '';

  beforeAll(async () => {
    fakes = await startNetworkFakes();
    t = await createTestApp(engine, { env: { ...fakes.env, ...fakes.oauthEnv } });
    token = await createVerifiedAccount(t, { email: 'owner@example.com' });
    await setTierByCommand(t, 'owner@example.com', 'pro');
    await t.infra.database.db
      .update(subscriptionPlans)
      .set({ maxNetworks: 2 })
      .where(eq(subscriptionPlans.tier, 'pro'));
    first = await createCompany(t, token, 'Harbor Coffee');
    second = await createCompany(t, token, 'Northwind Bikes');
  });
  afterAll(async () => {
    await t?.close();
    await fakes?.close();
  });

  const save = (companyId: string, network: 'twitter' | 'linkedIn' | 'facebook') =>
    apiCall(t.app, 'POST', '/social-accounts/save', token, {
      social_account_type: network,
      company_id: companyId,
      ...connectionFields(fakes, network),
    });

  it('counts each network once and refuses a network more than the plan allows', async () => {
    expect((await save(first, 'twitter')).status).toBe(200);
    expect((await save(first, 'linkedIn')).status).toBe(200);
    // Another entity on a network already in use costs nothing more.
    expect((await save(second, 'twitter')).status).toBe(200);

    const refused = await save(second, 'facebook');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('PLAN_LIMIT');
    expect(refused.json.message).toBe(CONNECTION_MESSAGES.networkLimitReached(2, 'Pro'));
    // One click is refused before the consent page, too.
    const oneClick = await apiCall(t.app, 'POST', '/social-accounts/oauth/facebook/start', token, {
      company_id: second,
    });
    expect(oneClick.status).toBe(403);
    expect(oneClick.json.code).toBe('PLAN_LIMIT');

    // The entity list carries the limit for the screen's meter.
    const list = await apiCall<{ network_limit: number | null }>(
      t.app,
      'GET',
      '/customer/company',
      token,
    );
    expect(list.json.data.network_limit).toBe(2);
  });

  it('frees a network once no entity uses it any more', async () => {
    const gone = await apiCall(t.app, 'POST', '/social-accounts/disconnect', token, {
      social_account_type: 'linkedIn',
      company_id: first,
    });
    expect(gone.status).toBe(200);
    expect((await save(second, 'facebook')).status).toBe(200);
  });
});
