import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { DbExecutor } from './client.js';

/**
 * Named (server-side prepared) statements for the publisher's fixed statements.
 *
 * Every publication runs the same handful of statements (take the instance, claim, mark
 * sending, record the post, finish the instance). Sent unnamed, PostgreSQL parses, analyses
 * and plans each one again at every call, and for the large ones (the instance's load with its
 * publications and connections, the record with its log row, webhook event and follow-ups)
 * that costs more than running them: measured with `pg_stat_statements` on the realistic
 * benchmark, planning alone took as long as executing. Named, each connection parses and plans
 * a statement once and then only binds and executes it; after a few runs PostgreSQL keeps a
 * generic plan (these statements find their rows by primary key, so it is as good as a custom
 * one).
 *
 * The name is derived from the statement's text (a label to read in `pg_stat_activity`, then a
 * hash), so a statement whose text varies (an optional CTE, a list of ids) gets one name per
 * variant and two texts never share a name. Only statements with a bounded set of texts may
 * go through here: each name stays prepared on every connection of the pool for its life.
 * PGlite ignores the name (one connection in the same process: nothing to save).
 */
const dialect = new PgDialect();
const names = new Map<string, string>();

function nameOf(label: string, text: string) {
  const key = `${label}\u0000${text}`;
  let name = names.get(key);
  if (!name) {
    name = `${label}_${createHash('sha1').update(text).digest('hex').slice(0, 12)}`;
    names.set(key, name);
  }
  return name;
}

/** Runs `statement` as a named prepared statement; answers its rows (raw, as `execute`). */
export async function executePrepared<T>(
  db: DbExecutor,
  label: string,
  statement: SQL,
): Promise<T[]> {
  const query = dialect.sqlToQuery(statement);
  const session = (db as unknown as { _: { session: PreparingSession } })._.session;
  const result = await session
    .prepareQuery(query, undefined, nameOf(label, query.sql), false)
    .execute();
  return (result as { rows: T[] }).rows;
}

/** What of drizzle's session this uses (the driver's own prepared query, named). */
interface PreparingSession {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: undefined,
    name: string | undefined,
    isResponseInArrayMode: boolean,
  ): { execute(): Promise<unknown> };
}
