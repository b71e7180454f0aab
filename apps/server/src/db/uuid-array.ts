/**
 * A PostgreSQL array literal of uuids, to bind as one parameter (`= any($1::uuid[])`): one
 * statement text for any number of ids. Uuids need no quoting; only ids read from the
 * database or checked as uuids go in.
 */
export const uuidArray = (ids: readonly string[]) => `{${ids.join(',')}}`;
