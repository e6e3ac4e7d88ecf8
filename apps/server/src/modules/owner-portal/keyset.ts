import { and, desc, eq, lt, lte, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { AppError } from '../../lib/errors.ts';

/**
 * Keyset paging on (created_at DESC, id DESC): each page costs the same however deep it is,
 * which an OFFSET over a hundred thousand profiles would not. The cursor carries the
 * timestamp as PostgreSQL prints it (microseconds), since a JS Date would drop them and
 * skip or repeat rows that share a millisecond.
 */
export interface Cursor {
  createdAt: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.id])).toString('base64url');
}

export function decodeCursor(value: string | undefined): Cursor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      parsed.every((p) => typeof p === 'string')
    ) {
      const [createdAt, id] = parsed as [string, string];
      if (!Number.isNaN(Date.parse(createdAt))) return { createdAt, id };
    }
  } catch {
    // Falls through to the error below: a cursor is only ever one we issued.
  }
  throw new AppError('validation_error', 'cursor: not a cursor this API issued', {
    cursor: 'Invalid cursor',
  });
}

/** Rows strictly after the cursor in (created_at DESC, id DESC) order; `created_at <=` keeps the index usable. */
export function afterCursor(
  createdAt: AnyColumn,
  id: AnyColumn,
  cursor: Cursor | null,
): SQL | undefined {
  if (!cursor) return undefined;
  const ts = sql`${cursor.createdAt}::timestamptz`;
  return and(lte(createdAt, ts), or(lt(createdAt, ts), and(eq(createdAt, ts), lt(id, cursor.id))));
}

/**
 * ORDER BY of every keyset page. `NULLS LAST` matches the `created_at DESC` indexes exactly
 * (PostgreSQL's default for DESC is NULLS FIRST, which would make it sort the whole table).
 */
export function newestFirst(createdAt: AnyColumn, id: AnyColumn): SQL[] {
  return [sql`${createdAt} desc nulls last`, desc(id)];
}

/** The full-precision text of a timestamp column, for the cursor. */
export const cursorTimestamp = (createdAt: AnyColumn) => sql<string>`${createdAt}::text`;

/** Fetch `limit + 1` rows; the extra one only says whether a next page exists. */
export function toPage<T extends { cursorTs: string; id: string }, R>(
  rows: T[],
  limit: number,
  map: (row: T) => R,
) {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows[pageRows.length - 1];
  return {
    items: pageRows.map(map),
    nextCursor: hasMore && last ? encodeCursor({ createdAt: last.cursorTs, id: last.id }) : null,
  };
}
