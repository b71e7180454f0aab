import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import path from 'node:path';
import { findUp } from '../lib/find-up.js';
import type { Database } from './client.js';

/** Any number, fixed: serialises migrations when several processes start on one Postgres. */
const MIGRATION_LOCK_KEY = 724_301;

export function migrationsFolder() {
  const journal = findUp(path.join('drizzle', 'meta', '_journal.json'));
  if (!journal) throw new Error('Database migrations not found (drizzle/meta/_journal.json).');
  return path.dirname(path.dirname(journal));
}

export async function runMigrations(database: Database) {
  const folder = migrationsFolder();
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
    return;
  }
  await database.withLock(MIGRATION_LOCK_KEY, () =>
    migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder }),
  );
}
