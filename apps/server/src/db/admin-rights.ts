import { sql } from 'drizzle-orm';
import type { DbExecutor } from './client.js';

/** Any number, fixed: the one key every change of admin rights waits for. */
const ADMIN_RIGHTS_LOCK = 724_302;

/**
 * Holds the admin-rights lock until the transaction ends. Every path that grants or
 * removes the admin role or deletes an account (the admin panel, the admin command, the
 * first verified account, Settings > Your Data) takes it before counting the admins, so
 * two of them at once cannot each see "another admin is left" and leave none.
 */
export async function lockAdminRights(tx: DbExecutor) {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_RIGHTS_LOCK})`);
}
