import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { startDemoFakes } from '../demo/fakes.js';
import {
  DEMO_ACCOUNT,
  DEMO_ADMIN,
  DEMO_EDITOR,
  DEMO_POST_IN_REVIEW,
  seedDemo,
} from '../demo/seed.js';
import { openDatabase } from '../src/db/client.js';
import {
  companies,
  memberships,
  postReviews,
  posts,
  socialConnections,
  users,
} from '../src/db/schema.js';
import { getEntitlements } from '../src/modules/plans/index.js';

// `npm run demo` must work on a fresh clone: the seed goes through the real routes (sign-up,
// verification, entities, connections), so a change to any of them shows up here first.
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cadence-demo-seed-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the demo seed', () => {
  it('creates the demo customer with connected entities and the admin, once', async () => {
    const fakes = await startDemoFakes();
    try {
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ...fakes.env };
      expect(await seedDemo(env, fakes.credentials)).toBe(true);
      expect(await seedDemo(env, fakes.credentials)).toBe(false);
    } finally {
      await fakes.close();
    }
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const { db } = database;
      const [customer] = await db.select().from(users).where(eq(users.email, DEMO_ACCOUNT.email));
      const [admin] = await db.select().from(users).where(eq(users.email, DEMO_ADMIN.email));
      expect(customer).toMatchObject({ isVerified: true, isAdmin: false });
      expect(admin).toMatchObject({ isVerified: true, isAdmin: true });
      // On Enterprise, so the demo shows the API, webhooks and the MCP server.
      expect(await getEntitlements(db, customer!.id, new Date())).toMatchObject({
        tier: 'enterprise',
        hasApi: true,
      });
      // The demo account's workspace has an editor, who signed up and accepted the mailed link.
      const [editor] = await db.select().from(users).where(eq(users.email, DEMO_EDITOR.email));
      expect(editor).toMatchObject({ isVerified: true, isAdmin: false });
      const team = await db
        .select({ role: memberships.role, entityIds: memberships.entityIds })
        .from(memberships)
        .where(and(eq(memberships.workspaceId, customer!.id), eq(memberships.userId, editor!.id)));
      expect(team).toEqual([{ role: 'editor', entityIds: null }]);
      const entities = await db
        .select({ id: companies.id, name: companies.name, approval: companies.approval })
        .from(companies)
        .where(eq(companies.userId, customer!.id));
      expect(entities.length).toBeGreaterThan(0);
      // One entity needs the team's approval, and holds the editor's post waiting for it.
      const approving = entities.filter((entity) => entity.approval !== 'none');
      expect(approving).toEqual([
        expect.objectContaining({ name: 'Lumen Studio', approval: 'team' }),
      ]);
      const inReview = await db
        .select({ createdBy: posts.createdBy, state: postReviews.state, content: posts.content })
        .from(posts)
        .innerJoin(postReviews, eq(postReviews.postId, posts.id))
        .where(eq(posts.companyId, approving[0]!.id));
      expect(inReview).toEqual([
        { createdBy: editor!.id, state: 'in_review', content: DEMO_POST_IN_REVIEW },
      ]);
      for (const entity of entities) {
        const connected = await db
          .select({ accountName: socialConnections.accountName })
          .from(socialConnections)
          .where(and(eq(socialConnections.companyId, entity.id)));
        expect(connected.length).toBeGreaterThan(0);
        // Each connected account is named after its entity ('Harbor Coffee Roasters',
        // '@harborcoffee', 'harbor.coffee'), not after the stand-ins' test accounts.
        const word = entity.name.split(' ')[0]!.toLowerCase();
        for (const { accountName } of connected) expect(accountName?.toLowerCase()).toContain(word);
      }
    } finally {
      await database.close();
    }
  }, 120_000);
});
