import type { Context, TypedResponse } from 'hono';
import { COMPRESS_THRESHOLD_BYTES, acceptsGzip, gzipBody } from './web-app.ts';

/**
 * JSON that PostgreSQL already wrote (json_build_object(...)::text), branded with the contract
 * type it follows. A hot read sends it as it is: no JSON.parse of the row, no JSON.stringify of
 * the answer (bench:schedule measured both on the week view's 72 KB).
 */
export type JsonText<T> = string & { readonly __json: T };

/**
 * The route's answer from JSON text, typed as c.json would type it. Compressed here when the
 * client takes gzip, so the response keeps node-server's fast path (the compression
 * middleware leaves an encoded body alone).
 */
export async function jsonText<T>(
  c: Context,
  body: JsonText<T>,
): Promise<TypedResponse<T, 200, 'json'>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  let bytes: string | Uint8Array<ArrayBuffer> = body;
  if (acceptsGzip(c.req.header('accept-encoding'))) {
    headers.vary = 'Accept-Encoding';
    if (body.length >= COMPRESS_THRESHOLD_BYTES) {
      bytes = (await gzipBody(body)) as Uint8Array<ArrayBuffer>;
      headers['content-encoding'] = 'gzip';
    }
  }
  return c.body(bytes, 200, headers) as unknown as TypedResponse<T, 200, 'json'>;
}
