const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a client-supplied id can name a row of a uuid column. PostgreSQL rejects any
 * other text with an error (a 500), so callers answer "not found" for it instead.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
