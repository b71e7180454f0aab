import type { DbExecutor } from '../../db/client.js';
import { aiCallLogs } from '../../db/schema/ai.js';

export type AiCallLogEntry = typeof aiCallLogs.$inferInsert;

export async function insertAiCallLog(db: DbExecutor, entry: AiCallLogEntry) {
  await db.insert(aiCallLogs).values(entry);
}
