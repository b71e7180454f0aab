import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { companyWithNetworks, openSignedIn, paidToken } from '../support/api.js';
import { uniqueName } from '../support/unique.js';

interface Hook {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on this machine (the e2e server lets `localhost` through). */
async function startReceiver() {
  const hooks: Hook[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      hooks.push({ headers: request.headers, body });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/cadence`,
    hooks,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Standard Webhooks, checked here on its own terms: HMAC-SHA256 of "<id>.<timestamp>.<body>". */
function signedBy(secret: string, hook: Hook): boolean {
  const id = String(hook.headers['webhook-id']);
  const timestamp = String(hook.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${hook.body}`).digest();
  return String(hook.headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const given = Buffer.from(entry.replace(/^v1,/, ''), 'base64');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

test('a key made in Settings schedules a post from outside the browser; its webhook says it went out', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const receiver = await startReceiver();
  try {
    const companyName = uniqueName('API Co');
    const companyId = await companyWithNetworks(paidToken(), companyName);

    // The key, made in Settings > Developer Info and copied from the shown-once dialog.
    await openSignedIn(page, '/settings#developer-info');
    const form = page.getByRole('form', { name: 'Create an API key' });
    await form.getByLabel('Key name').fill(uniqueName('Scheduler'));
    for (const scope of ['Read', 'Write', 'Publish'])
      await form.getByLabel(scope, { exact: true }).check();
    await form.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('dialog', { name: 'Your new API key' });
    const key = await shown.getByRole('textbox').inputValue();
    expect(key).toMatch(/^cad_[A-Za-z0-9_-]+_[A-Za-z0-9_-]+$/);
    await shown.getByRole('button', { name: 'Done' }).click();

    // From outside the browser: a webhook endpoint for the local receiver, then the post.
    const auth = { authorization: `Bearer ${key}` };
    const endpoint = await request.post('/api/v1/webhooks', {
      headers: auth,
      data: { url: receiver.url, events: ['publication.published'], entity_ids: [companyId] },
    });
    expect(endpoint.status(), await endpoint.text()).toBe(201);
    const { secret } = ((await endpoint.json()) as { data: { secret: string } }).data;

    const content = `Scheduled from a script ${Date.now()}`;
    const created = await request.post('/api/v1/posts', {
      headers: { ...auth, 'idempotency-key': `e2e-${Date.now()}` },
      data: {
        entity_id: companyId,
        content,
        networks: ['bluesky'],
        scheduled_for: new Date(Date.now() + 70_000).toISOString(),
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const post = (
      (await created.json()) as { data: { id: string; publications: Array<{ id: string }> } }
    ).data;

    // On the Scheduling page, waiting, then published.
    await openSignedIn(page, '/scheduling');
    await page.getByLabel('Filter by entity', { exact: true }).selectOption({ label: companyName });
    const scheduled = page
      .getByRole('list', { name: 'Scheduled posts' })
      .locator(':scope > li')
      .filter({ hasText: content });
    await expect(scheduled).toHaveCount(1);
    await expect(scheduled.getByText('Published').first()).toBeVisible({ timeout: 180_000 });

    // The receiver got publication.published for it, signed with the endpoint's secret.
    await expect.poll(() => receiver.hooks.length, { timeout: 60_000 }).toBeGreaterThan(0);
    const hook = receiver.hooks[0]!;
    expect(signedBy(secret, hook)).toBe(true);
    const event = JSON.parse(hook.body) as {
      type: string;
      data: { id: string; post_id: string; entity_id: string; network: string; status: string };
    };
    expect(event).toMatchObject({
      type: 'publication.published',
      data: {
        id: post.publications[0]!.id,
        post_id: post.id,
        entity_id: companyId,
        network: 'bluesky',
        status: 'published',
      },
    });
  } finally {
    await receiver.close();
  }
});
