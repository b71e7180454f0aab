/**
 * Every table, for drizzle-kit (drizzle.config.ts), the database client and the tests. Each
 * table lives in the schema file of the module that owns it (schema/<owner>.ts): only that
 * module writes it (src/db/table-owners.test.ts). Server code imports a table from its
 * owner's file, so the owner shows in the import.
 */
export * from './schema/auth.js';
export * from './schema/system.js';
export * from './schema/billing.js';
export * from './schema/companies.js';
export * from './schema/connections.js';
export * from './schema/ai.js';
export * from './schema/posts.js';
export * from './schema/shortener.js';
export * from './schema/settings.js';
export * from './schema/schedules.js';
export * from './schema/publishing.js';
export * from './schema/logs.js';
export * from './schema/admin.js';
export * from './schema/notifications.js';
export * from './schema/uploads.js';
export * from './schema/api-keys.js';
export * from './schema/queue.js';
export * from './schema/webhooks.js';
export * from './schema/team.js';
export * from './schema/approvals.js';
export * from './schema/branding.js';
export * from './schema/metrics.js';
