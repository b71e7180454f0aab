/** Drizzle names every foreign key to the accounts table `<table>_<column>_users_id_fk`. */
const USERS_FOREIGN_KEY = /_users_id_fk$/;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

interface DatabaseErrorFields {
  code?: unknown;
  constraint?: unknown;
  detail?: unknown;
  cause?: unknown;
}

/**
 * The account a write referred to when the database refused it because that account no
 * longer exists (a foreign key to `users`, PostgreSQL's 23503, on either engine, also when
 * wrapped by drizzle); undefined for any other error. The account may have been deleted by
 * another process between the request's sign-in check and its write.
 */
export function missingAccountOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const fields = current as DatabaseErrorFields;
    if (
      fields.code === '23503' &&
      typeof fields.constraint === 'string' &&
      USERS_FOREIGN_KEY.test(fields.constraint) &&
      typeof fields.detail === 'string'
    ) {
      return UUID.exec(fields.detail)?.[0]?.toLowerCase();
    }
    current = fields.cause;
  }
  return undefined;
}
