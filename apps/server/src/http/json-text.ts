import type { Context, TypedResponse } from 'hono';

/**
 * JSON that PostgreSQL already wrote (json_build_object(...)::text), branded with the contract
 * type it follows. A hot read sends it as it is: no JSON.parse of the row, no JSON.stringify of
 * the answer (bench:schedule measured both on the week view's 72 KB).
 */
export type JsonText<T> = string & { readonly __json: T };

/** The route's answer from JSON text, typed as c.json would type it. */
export function jsonText<T>(c: Context, body: JsonText<T>): TypedResponse<T, 200, 'json'> {
  return c.body(body, 200, {
    'content-type': 'application/json',
  }) as unknown as TypedResponse<T, 200, 'json'>;
}
