import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/client.js';
import { executePrepared } from '../src/db/prepared.js';
import { createPostgresDatabase, engines } from './helpers/databases.js';

describe.each(engines)('named statements on %s', (engine) => {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    if (engine === 'postgres') {
      const created = await createPostgresDatabase();
      drop = () => created.drop();
      database = await openDatabase({ databaseUrl: created.url });
    } else {
      database = await openDatabase({});
    }
    await database.db.execute(sql`create table prepared_probe (id int primary key, label text)`);
  });

  afterAll(async () => {
    await database.close();
    await drop?.();
  });

  it('runs the same statement again and again with new values', async () => {
    for (let id = 1; id <= 12; id++) {
      const [row] = await executePrepared<{ id: number }>(
        database.db,
        'probe_insert',
        sql`insert into prepared_probe (id, label) values (${id}, ${`row ${id}`}) returning id`,
      );
      expect(row?.id).toBe(id);
    }
    const [count] = await executePrepared<{ n: number }>(
      database.db,
      'probe_count',
      sql`select count(*)::int as n from prepared_probe`,
    );
    expect(count?.n).toBe(12);
  });

  it('gives two texts under one label names of their own', async () => {
    // The same label with an optional condition: each variant is its own statement.
    const find = (id: number, withLabel: boolean) =>
      executePrepared<{ id: number }>(
        database.db,
        'probe_find',
        sql`select id from prepared_probe where id = ${id}${withLabel ? sql` and label = ${`row ${id}`}` : sql``}`,
      );
    for (let round = 0; round < 3; round++) {
      expect(await find(3, true)).toEqual([{ id: 3 }]);
      expect(await find(4, false)).toEqual([{ id: 4 }]);
    }
  });

  it('runs inside a transaction, which it leaves to commit or roll back', async () => {
    await database.db
      .transaction(async (tx) => {
        await executePrepared(
          tx,
          'probe_insert',
          sql`insert into prepared_probe (id, label) values (${100}, ${'row 100'}) returning id`,
        );
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await executePrepared(
        tx,
        'probe_insert',
        sql`insert into prepared_probe (id, label) values (${101}, ${'row 101'}) returning id`,
      );
    });
    const ids = await executePrepared<{ id: number }>(
      database.db,
      'probe_high',
      sql`select id from prepared_probe where id >= ${100} order by id`,
    );
    expect(ids).toEqual([{ id: 101 }]);
  });
});
