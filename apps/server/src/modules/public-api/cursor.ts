import { PUBLIC_API_MESSAGES } from '@cadence/shared';
import { AppError } from '../../errors.js';
import type { KeysetPosition } from '../../lib/keyset.js';

const AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A list's `next_cursor`: the keyset position of the page's last row, opaque to callers
 * (base64url of a small JSON array), so its form may change without breaking them.
 */
export function encodeCursor(position: KeysetPosition): string {
  return Buffer.from(JSON.stringify([position.at, position.id])).toString('base64url');
}

/** The position a cursor names; 400 INVALID_CURSOR for anything this server did not make. */
export function decodeCursor(cursor: string | undefined): KeysetPosition | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const invalid = () => AppError.badRequest(PUBLIC_API_MESSAGES.cursorInvalid, 'INVALID_CURSOR');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2) throw invalid();
  const [at, id] = parsed as unknown[];
  if (typeof at !== 'string' || typeof id !== 'string' || !AT.test(at) || !UUID.test(id))
    throw invalid();
  if (Number.isNaN(Date.parse(at))) throw invalid();
  return { at, id };
}
