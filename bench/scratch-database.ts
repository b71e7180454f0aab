import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A PostgreSQL database of its own for one benchmark run, on the server of
 * ADMIN_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, a role that may
 * create databases): its URL, `drop` to remove it (connections still open included), or
 * `keep` to leave it for a look afterwards.
 */
export async function createScratchDatabase(prefix: string) {
  const adminUrl = process.env.ADMIN_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
    keep: () => admin.end(),
  };
}
