// Tables owned by the uploads module (src/modules/uploads): only its code writes them.
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

export const UPLOAD_KINDS = ['logo', 'avatar', 'media'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/**
 * Every file a customer uploaded, so the storage allowance and the orphan sweep are
 * queries. Whether a file is referenced is asked of the tables that use it (companies,
 * post_attachments, ...), never stored twice.
 */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<UploadKind>().notNull(),
    /** Storage key (e.g. logos/<uuid>.png); its public path is /uploads/<key>. */
    storageKey: text('storage_key').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('uploaded_files_storage_key_key').on(table.storageKey),
    index('uploaded_files_user_created_idx').on(table.userId, table.createdAt),
    index('uploaded_files_created_idx').on(table.createdAt),
  ],
);

export type UploadedFileRow = typeof uploadedFiles.$inferSelect;
