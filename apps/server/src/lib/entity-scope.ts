import { inArray, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The entities that exist for the person (or key) acting in a workspace: `entityIds` null
 * for every entity of the workspace (the owner, members not limited to some), else the only
 * ones that do. Every module scopes by it the same way, through the three helpers below:
 * a look-up of something outside is 404 like another account's, and lists and counts leave
 * it out. Routes get it with `entityAccess(request)` (auth's door).
 */
export interface EntityAccess {
  /** null (or absent): every entity of the workspace. */
  readonly entityIds?: readonly string[] | null | undefined;
}

/** Every entity of the workspace (the owner; the worker; a member not limited). */
export const ALL_ENTITIES: EntityAccess = Object.freeze({ entityIds: null });

/** Whether the entity `companyId` (a row's, maybe none) exists for `access`. */
export function entityVisible(
  access: EntityAccess | undefined,
  companyId: string | null | undefined,
): boolean {
  const only = access?.entityIds ?? null;
  if (only === null) return true;
  return companyId !== null && companyId !== undefined && only.includes(companyId);
}

/** Throws `notFound()` unless the entity exists for `access` (look-ups of one thing). */
export function assertEntityVisible(
  access: EntityAccess | undefined,
  companyId: string | null | undefined,
  notFound: () => Error,
): void {
  if (!entityVisible(access, companyId)) throw notFound();
}

/**
 * The condition a query adds to keep rows of visible entities only, on the column holding
 * their entity's id: undefined for every entity (no condition), FALSE for none.
 */
export function entityCondition(
  column: AnyColumn | SQLWrapper,
  access: EntityAccess | undefined,
): SQL | undefined {
  const only = access?.entityIds ?? null;
  if (only === null) return undefined;
  if (only.length === 0) return sql`false`;
  return inArray(column as AnyColumn, [...only]);
}

/**
 * Whether something limited to `ids` (an API key, a webhook endpoint; null: every entity)
 * exists for `access`: for a member limited to some entities, only what is limited to
 * some of theirs.
 */
export function entitiesWithin(
  access: EntityAccess | undefined,
  ids: readonly string[] | null | undefined,
): boolean {
  const only = access?.entityIds ?? null;
  if (only === null) return true;
  return !!ids && ids.length > 0 && ids.every((id) => only.includes(id));
}

/** `entitiesWithin` as a condition on a jsonb column of entity ids (undefined: no condition). */
export function entitiesWithinCondition(
  column: AnyColumn | SQLWrapper,
  access: EntityAccess | undefined,
): SQL | undefined {
  const only = access?.entityIds ?? null;
  if (only === null) return undefined;
  return sql`(${column} is not null and jsonb_array_length(${column}) > 0 and ${column} <@ ${JSON.stringify(only)}::jsonb)`;
}
