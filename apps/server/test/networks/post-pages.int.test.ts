import { afterAll, describe, expect, it } from 'vitest';
import { createBlueskyAdapter } from '../../src/integrations/networks/bluesky.js';
import { createFacebookAdapter } from '../../src/integrations/networks/facebook.js';
import { createInstagramAdapter } from '../../src/integrations/networks/instagram.js';
import { createLinkedInAdapter } from '../../src/integrations/networks/linkedin.js';
import { createThreadsAdapter } from '../../src/integrations/networks/threads.js';
import { createXAdapter } from '../../src/integrations/networks/x.js';
import {
  startFakeBluesky,
  startFakeFacebook,
  startFakeInstagram,
  startFakeLinkedIn,
  startFakeThreads,
  startFakeX,
} from '@cadence/fakes';

// The demo's 'View post' links: with each network's web address pointed at its stand-in
// (X_WEB_URL and the like; Instagram and Threads answer their own permalinks), a published
// post's link opens a local page that shows the post as the stand-in received it.

const closers: Array<() => Promise<void>> = [];
afterAll(() => Promise.all(closers.map((close) => close())));

async function expectPage(url: string | null, origin: string, ...texts: string[]) {
  expect(url?.startsWith(origin)).toBe(true);
  const response = await fetch(url!);
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/html');
  const html = await response.text();
  expect(html).toContain('(local stand-in)');
  for (const text of texts) expect(html).toContain(text);
}

describe('stand-in post pages', () => {
  it('X shows the tweet, escaped, at the address the adapter composes', async () => {
    const fake = await startFakeX();
    closers.push(fake.close);
    const adapter = createXAdapter({ baseUrl: fake.baseUrl, webUrl: fake.baseUrl });
    const result = await adapter.publish({ text: 'Beans & <b>brew</b>' }, fake.validCredentials);
    await expectPage(result.url, fake.baseUrl, 'Beans &amp; &lt;b&gt;brew&lt;/b&gt;', '@');
    const missing = await fetch(`${fake.baseUrl}/i/web/status/1`);
    expect(missing.status).toBe(404);
  });

  it('Bluesky, LinkedIn and Facebook likewise', async () => {
    const bluesky = await startFakeBluesky();
    const linkedIn = await startFakeLinkedIn();
    const facebook = await startFakeFacebook();
    closers.push(
      () => bluesky.close(),
      () => linkedIn.close(),
      () => facebook.close(),
    );
    const sky = createBlueskyAdapter({ serviceUrl: bluesky.baseUrl, webUrl: bluesky.baseUrl });
    const skyPost = await sky.publish({ text: 'Bluesky morning roast' }, bluesky.validCredentials);
    await expectPage(skyPost.url, bluesky.baseUrl, 'Bluesky morning roast');

    const li = createLinkedInAdapter({ baseUrl: linkedIn.baseUrl, webUrl: linkedIn.baseUrl });
    const liPost = await li.publish(
      { text: 'LinkedIn hiring baristas' },
      linkedIn.validCredentials,
    );
    await expectPage(liPost.url, linkedIn.baseUrl, 'LinkedIn hiring baristas');

    const fb = createFacebookAdapter({ baseUrl: facebook.baseUrl, webUrl: facebook.origin });
    const fbPost = await fb.publish({ text: 'Facebook open mic' }, facebook.validCredentials);
    await expectPage(fbPost.url, facebook.origin, 'Facebook open mic');
  });

  it('Instagram and Threads answer permalinks to their own pages', async () => {
    const instagram = await startFakeInstagram({ pollsInProgress: 0 });
    const threads = await startFakeThreads();
    closers.push(instagram.close, threads.close);
    const ig = createInstagramAdapter({ baseUrl: instagram.baseUrl, pollIntervalMs: 5 });
    const image = {
      url: 'https://media.example.com/latte.jpg',
      mimeType: 'image/jpeg',
      open: () => Promise.reject(new Error('Instagram fetches media by URL')),
    };
    const igPost = await ig.publish(
      { text: 'Latte art Friday', media: image },
      { ...instagram.validCredentials, igUserId: instagram.igUser.id },
    );
    await expectPage(igPost.url, instagram.origin, 'Latte art Friday');

    const th = createThreadsAdapter({ baseUrl: threads.baseUrl, statusPollMs: 10 });
    const thPost = await th.publish({ text: 'Threads cold brew' }, threads.validCredentials);
    await expectPage(thPost.url, new URL(threads.baseUrl).origin, 'Threads cold brew');
  });
  it("names the account that posted: a many-account fake's account n, beside the named one", async () => {
    const x = await startFakeX({ user: { name: 'Harbor Coffee', username: 'harborcoffee' } });
    const bluesky = await startFakeBluesky({ handle: 'harbor.test' });
    const threads = await startFakeThreads({ user: { name: 'Harbor Coffee', username: 'harbor' } });
    const linkedIn = await startFakeLinkedIn({ memberName: 'Harbor Coffee' });
    const facebook = await startFakeFacebook({ pageNames: ['Harbor Coffee'] });
    closers.push(
      x.close,
      threads.close,
      () => bluesky.close(),
      () => linkedIn.close(),
    );
    closers.push(() => facebook.close());

    const xAdapter = createXAdapter({ baseUrl: x.baseUrl, webUrl: x.baseUrl });
    const own = await xAdapter.publish({ text: 'From the harbor' }, x.validCredentials);
    await expectPage(own.url, x.baseUrl, 'Harbor Coffee @harborcoffee');
    const third = await xAdapter.publish({ text: 'From bench 3' }, x.account(3).credentials);
    await expectPage(third.url, x.baseUrl, 'Bench 3 @bench_3');

    const sky = createBlueskyAdapter({ serviceUrl: bluesky.baseUrl, webUrl: bluesky.baseUrl });
    const skyPost = await sky.publish(
      { text: 'Sky from bench 4' },
      bluesky.benchAccount(4).credentials,
    );
    await expectPage(skyPost.url, bluesky.baseUrl, '@bench4.test');

    const th = createThreadsAdapter({ baseUrl: threads.baseUrl, statusPollMs: 10 });
    const thPost = await th.publish(
      { text: 'Threads from bench 5' },
      threads.account(5).credentials,
    );
    await expectPage(thPost.url, new URL(threads.baseUrl).origin, 'Bench 5 @bench.5');

    const li = createLinkedInAdapter({ baseUrl: linkedIn.baseUrl, webUrl: linkedIn.baseUrl });
    const liOwn = await li.publish({ text: 'LinkedIn own' }, linkedIn.validCredentials);
    await expectPage(liOwn.url, linkedIn.baseUrl, 'Harbor Coffee');
    const liPost = await li.publish({ text: 'LinkedIn bench 6' }, linkedIn.account(6).credentials);
    await expectPage(liPost.url, linkedIn.baseUrl, 'Bench 6');

    const fb = createFacebookAdapter({ baseUrl: facebook.baseUrl, webUrl: facebook.origin });
    const fbPost = await fb.publish({ text: 'Facebook bench 7' }, facebook.account(7).credentials);
    await expectPage(fbPost.url, facebook.origin, 'Bench Page 7');
  });
});
