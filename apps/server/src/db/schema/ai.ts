// Tables owned by the ai module (src/modules/ai): only its code writes them.
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { companies } from './companies.js';

/** Every call to an AI model, for the developer view and for cost tracking. */
export const aiCallLogs = pgTable(
  'ai_call_logs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The entity whose details went into the prompt (null: none, or more than one). */
    companyId: uuid('company_id').references(() => companies.id, { onDelete: 'set null' }),
    platform: text('platform').notNull(),
    model: text('model').notNull(),
    purpose: text('purpose').notNull(),
    prompt: text('prompt').notNull(),
    response: text('response'),
    responseTimeMs: integer('response_time_ms').notNull(),
    inputTokens: integer('input_tokens'),
    outputTokens: integer('output_tokens'),
    error: text('error'),
    warning: text('warning'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('ai_call_logs_user_created_idx').on(table.userId, table.createdAt),
    index('ai_call_logs_created_idx').on(table.createdAt.desc()),
  ],
);
