import { startTestWebsite } from '@cadence/fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPublicPage, WebFetchError } from './web-fetch.js';

describe('fetchPublicPage and FETCH_ALLOW_HOSTS', () => {
  let website: Awaited<ReturnType<typeof startTestWebsite>>;
  let loopback = '';
  beforeAll(async () => {
    website = await startTestWebsite();
    loopback = `http://127.0.0.1:${website.port}/`;
  });
  afterAll(() => website?.close());

  const reason = (promise: Promise<unknown>) =>
    promise.then(
      () => 'fetched',
      (error: unknown) => (error instanceof WebFetchError ? error.reason : String(error)),
    );

  it('refuses a loopback address by default', async () => {
    expect(await reason(fetchPublicPage(loopback, { allowHosts: [] }))).toBe('blocked');
    expect(await reason(fetchPublicPage(website.url(), { allowHosts: [] }))).toBe('blocked');
  });

  it('lets a listed host:port through, and that port only', async () => {
    const page = await fetchPublicPage(loopback, {
      allowHosts: [`127.0.0.1:${website.port}`],
    });
    expect(page.body).toContain('Acme Rockets');
    const otherPort = website.port === 65535 ? 65534 : website.port + 1;
    expect(
      await reason(fetchPublicPage(loopback, { allowHosts: [`127.0.0.1:${otherPort}`] })),
    ).toBe('blocked');
    // A name listed with a port is judged by the name the URL uses, not its address.
    expect(
      await reason(fetchPublicPage(website.url(), { allowHosts: [`127.0.0.1:${website.port}`] })),
    ).toBe('blocked');
    const byName = await fetchPublicPage(website.url(), {
      allowHosts: [`localhost:${website.port}`],
    });
    expect(byName.body).toContain('Acme Rockets');
  });

  it('still lets a listed host through on any port', async () => {
    const page = await fetchPublicPage(loopback, { allowHosts: ['127.0.0.1'] });
    expect(page.status).toBe(200);
  });
});
