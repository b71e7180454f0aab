import { POST_MESSAGES } from '@cadence/shared';
import { describe, expect, it } from 'vitest';
import { engines } from './helpers/databases.js';
import { PNG } from './helpers/media.js';
import { usePostsApp } from './helpers/posts-kit.js';

describe.each(engines)('posts: the monthly limit on %s', (engine) => {
  const kit = usePostsApp(engine);
  const { call, send, customer, addCompany, addPost } = kit;

  describe('the monthly limit', () => {
    it("answers this month's posts against the plan's allowance, a draft and a deleted one counted", async () => {
      const token = await customer('meter@example.com', 'free');
      const usage = async () =>
        (await call('GET', '/customer/post/usage', token)).json as unknown as {
          data: { used: number; limit: number | null; plan_name: string };
        };
      expect((await usage()).data).toMatchObject({ used: 0, limit: 5 });
      expect(typeof (await usage()).data.plan_name).toBe('string');
      const companyId = await addCompany(token, 'Meter Co');
      await addPost(token, { company_id: companyId, content: 'a draft' });
      const gone = await addPost(token, { company_id: companyId, content: 'made, then gone' });
      expect((await call('DELETE', `/customer/post/${gone.id}`, token)).status).toBe(200);
      expect((await usage()).data).toMatchObject({ used: 2, limit: 5 });

      const paid = await customer('meter-pro@example.com', 'pro');
      const unlimited = (await call('GET', '/customer/post/usage', paid)).json.data;
      expect(unlimited).toMatchObject({ used: 0 });
      expect(
        (await kit.t.app.inject({ method: 'GET', url: '/api/customer/post/usage' })).statusCode,
      ).toBe(401);
    });

    it('allows 5 posts made a month on the free plan, race or not, and 5 more next month', async () => {
      const token = await customer('monthly@example.com', 'free');
      const companyId = await addCompany(token, 'Monthly Co');
      for (let i = 0; i < 3; i++) await addPost(token, { company_id: companyId, content: `${i}` });
      // Deleting a post does not give its slot back: the limit counts posts made.
      const deleted = await addPost(token, { company_id: companyId, content: 'made, then gone' });
      expect((await call('DELETE', `/customer/post/${deleted.id}`, token)).status).toBe(200);
      const racing = await Promise.all(
        Array.from({ length: 4 }, () =>
          call('POST', '/customer/post', token, { company_id: companyId, content: 'race' }),
        ),
      );
      expect(racing.filter((response) => response.status === 201)).toHaveLength(1);
      const refused = racing.filter((response) => response.status === 403);
      expect(refused).toHaveLength(3);
      expect(refused[0]?.json.message).toBe(POST_MESSAGES.monthlyLimit(5));

      const sixth = await send('POST', '/customer/post', token, [
        { name: 'company_id', value: companyId },
        { name: 'content', value: 'sixth' },
        { name: 'media', filename: 'a.png', type: 'image/png', bytes: PNG },
      ]);
      expect(sixth.status).toBe(403);
      expect(sixth.json.message).toBe(POST_MESSAGES.monthlyLimit(5));

      kit.t.clock.advance(3 * 24 * 3600); // 2026-12-02
      const nextMonth = await call('POST', '/customer/post', token, {
        company_id: companyId,
        content: 'December',
      });
      expect(nextMonth.status).toBe(201);
      expect(nextMonth.json.data.created_at).toMatch(/^2026-12-02/);
    });
  });
});
