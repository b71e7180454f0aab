// Tables owned by the branding module (src/modules/branding): only its code writes them.
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** A workspace's own brand (white label), keyed by its owner's account. */
export const workspaceBranding = pgTable('workspace_branding', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  /** '#rrggbb', with a contrast of at least 4.5:1 against white. */
  accentColor: text('accent_color').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WorkspaceBrandingRow = typeof workspaceBranding.$inferSelect;
