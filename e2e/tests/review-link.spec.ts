import { expect, test } from '@playwright/test';
import { api, companyWithNetworks, createPostByApi, paidToken } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { uniqueName } from '../support/unique.js';

test.describe.configure({ timeout: 180_000 });

const SHOTS = process.env.REVIEW_SHOTS_DIR;

/** A post of an entity whose client approves, approved by the team, and a link for the client. */
async function waitingForClient() {
  const token = paidToken();
  const name = uniqueName('Client Review');
  const companyId = await companyWithNetworks(token, name);
  await api(`/customer/company/${companyId}`, {
    method: 'PUT',
    token,
    body: { name, website: 'https://scheduling.example.com', approval: 'team_and_client' },
  });
  const content = `${uniqueName('Our winter blend is back')}: bright, sweet and roasted this week.`;
  const post = await createPostByApi(token, companyId, content);
  await api('/schedules', {
    token,
    body: {
      post_id: post.id,
      social_account_type: ['twitter', 'bluesky'],
      schedule_date: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    },
  });
  await api(`/customer/post/${post.id}/submit`, { token, body: {} });
  await api(`/customer/post/${post.id}/approve`, { token, body: {} });
  const link = await api<{ url: string }>(`/customer/company/${companyId}/review-links`, {
    token,
    body: { label: 'Week 48' },
  });
  return { name, content, postId: post.id, path: new URL(link.url).pathname };
}

for (const viewport of [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
] as const) {
  test(`a client approves a post on its review link at ${viewport.name} width`, async ({
    page,
  }) => {
    const review = await waitingForClient();
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    await page.goto(review.path);
    await expect(page.getByRole('heading', { level: 1, name: review.name })).toBeVisible();
    await expect(page.getByText(review.content)).toBeVisible();
    await expect(page.getByRole('list', { name: 'Where and when it goes out' })).toContainText(
      'X/Twitter',
    );
    await expectNoAxeViolations(page);
    // Nothing overflows the phone's width.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    if (SHOTS)
      await page.screenshot({ path: `${SHOTS}/review-${viewport.name}.png`, fullPage: true });

    await page.getByLabel('Your name').fill('Cleo Client');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Thank you: the post is approved.')).toBeVisible();
    await expect(page.getByText('Nothing waits for your review right now.')).toBeVisible();
    const reviewed = await api<{ state: string; client_approved_name: string }>(
      `/customer/post/${review.postId}/review`,
      { token: paidToken() },
    );
    expect(reviewed).toMatchObject({ state: 'approved', client_approved_name: 'Cleo Client' });

    // Revoked or unknown: the page says so, in the product's words.
    await page.goto(`/review/${'x'.repeat(43)}`);
    await expect(
      page.getByRole('heading', {
        name: 'This review link has expired or was revoked. Ask for a new one.',
      }),
    ).toBeVisible();
  });
}
