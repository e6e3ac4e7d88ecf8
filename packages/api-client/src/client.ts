import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

/**
 * FitBase's API, typed from its OpenAPI document (`npm run gen:api` writes `schema.d.ts` and
 * `openapi.json` beside this file). Every path, query, body and answer is checked by TypeScript:
 * `client.GET('/api/members', { params: { query: { updatedSince } } })`.
 * docs/product/integrations.md#api-keys says what a key may do.
 */
export type FitBaseClient = Client<paths>;

export interface FitBaseClientOptions {
  /** The studio's FitBase address, e.g. `https://fitbase.example.com`. */
  baseUrl: string;
  /** A key from Settings › API keys: `fb_...`. */
  apiKey: string;
  /** Another fetch (a test's in-process app, a proxy); the global fetch by default. */
  fetch?: (request: Request) => Promise<Response>;
}

export function createFitBaseClient({
  baseUrl,
  apiKey,
  fetch,
}: FitBaseClientOptions): FitBaseClient {
  return createClient<paths>({
    baseUrl,
    headers: { authorization: `Bearer ${apiKey}` },
    ...(fetch ? { fetch } : {}),
  });
}
