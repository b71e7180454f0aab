import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/**
 * Keyset pages, newest first by (created_at, id): a page starts after the last row of the
 * previous one, so rows added or removed meanwhile neither repeat nor go missing. The
 * position is the row's time to the microsecond, as the database keeps it (a JavaScript
 * Date would round it to the millisecond and skip or repeat rows made in the same one).
 */
export interface KeysetPosition {
  /** created_at as UTC text to the microsecond ('2026-11-21T09:00:00.123456Z'). */
  at: string;
  id: string;
}

/** The column as `KeysetPosition.at` text. */
export function keysetAt(createdAt: AnyColumn): SQL<string> {
  return sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Rows after `position` in newest-first order. */
export function keysetAfter(createdAt: AnyColumn, id: AnyColumn, position: KeysetPosition): SQL {
  return sql`(${createdAt}, ${id}) < (${position.at}::timestamptz, ${position.id}::uuid)`;
}
