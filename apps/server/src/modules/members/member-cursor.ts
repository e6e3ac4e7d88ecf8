import { AppError } from '../../lib/errors.ts';

/**
 * Keyset cursor of the members directory: the last row's exact created_at (as PostgreSQL
 * prints it, microseconds included) and id, base64url-encoded so clients treat it as opaque.
 */
export interface MemberCursor {
  createdAt: string;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// e.g. "2024-05-01 10:11:12.123456+00" (timestamptz::text with DateStyle ISO).
const PG_TIMESTAMPTZ = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

export function encodeMemberCursor(cursor: MemberCursor): string {
  return Buffer.from(`${cursor.createdAt}|${cursor.id}`, 'utf8').toString('base64url');
}

export function decodeMemberCursor(value: string): MemberCursor {
  const decoded = Buffer.from(value, 'base64url').toString('utf8');
  const [createdAt = '', id = '', ...rest] = decoded.split('|');
  if (rest.length > 0 || !UUID.test(id) || !PG_TIMESTAMPTZ.test(createdAt)) {
    throw new AppError(
      'validation_error',
      'cursor: Invalid cursor; start again from the first page',
      {
        cursor: 'Invalid cursor',
      },
    );
  }
  return { createdAt, id };
}
