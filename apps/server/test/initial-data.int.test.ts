import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/db/client.js';
import { writeInitialDataDir } from '../src/db/initial-data.js';
import { migrationsFolder, runMigrations } from '../src/db/migrate.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'cadence-initial-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('the ready-made embedded database', () => {
  it('starts a new data folder with every migration and the job queue in place', async () => {
    const file = path.join(folder, 'initial-data.tar.gz');
    expect(await writeInitialDataDir(file)).toBeGreaterThan(0);

    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder(), 'meta', '_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const database = await openDatabase({
      pgliteDir: path.join(folder, 'data', 'pglite'),
      initialDataDir: file,
    });
    try {
      // Already applied in the file: nothing left to do, and nothing fails.
      await runMigrations(database);
      const applied = await database.executeSql(
        'select count(*)::int as count from drizzle.__drizzle_migrations',
      );
      expect(applied.rows[0]?.count).toBe(journal.entries.length);
      const queues = await database.executeSql('select name from pgboss.queue order by name');
      const names = queues.rows.map((row) => row.name);
      expect(names).toContain('publish-first-comment');
      // Scheduled instances are their own jobs (decision 130): no queue of theirs.
      expect(names).not.toContain('publish-instance');
      // The data folder is the database's own: writes stay.
      await database.db.execute(sql`create table kept (id int)`);
    } finally {
      await database.close();
    }
    const reopened = await openDatabase({
      pgliteDir: path.join(folder, 'data', 'pglite'),
      initialDataDir: file,
    });
    try {
      // An existing folder is opened as it is, never replaced by the file.
      const kept = await reopened.executeSql("select to_regclass('kept') as name");
      expect(kept.rows[0]?.name).toBe('kept');
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
