// Tables owned by the companies module (src/modules/companies): only its code writes them.
import { sql } from 'drizzle-orm';
import type { ApprovalMode } from '@cadence/shared';
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns.js';
import { users } from './auth.js';

export const companies = pgTable(
  'companies',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    website: text('website').notNull(),
    industry: text('industry'),
    customIndustry: text('custom_industry'),
    description: text('description'),
    logoUrl: text('logo_url'),
    /** Who must approve a post before it goes out: none (default), the team, or team and client. */
    approval: text('approval').$type<ApprovalMode>().notNull().default('none'),
    ...timestamps,
  },
  (table) => [index('companies_user_created_idx').on(table.userId, table.createdAt)],
);

export type CompanyRow = typeof companies.$inferSelect;
