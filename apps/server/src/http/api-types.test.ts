import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  API_TYPES_PATH,
  CLIENT_DOCUMENT_PATH,
  CLIENT_TYPES_PATH,
  renderApiDocument,
  renderApiTypes,
} from '../../../../scripts/gen-api-types.ts';
import { OPENAPI_CONFIG } from './openapi-config.ts';

describe('web API types', () => {
  // The browser's client is typed from this file: a route changed without regenerating it would
  // let the web app compile against an API that no longer exists.
  it('apps/web/src/lib/api/schema.d.ts matches the route definitions (npm run gen:api)', async () => {
    const committed = readFileSync(API_TYPES_PATH, 'utf8');
    const expected = await renderApiTypes();
    expect(committed === expected, 'schema.d.ts is stale: run `npm run gen:api`').toBe(true);
  });

  it('the published client (packages/api-client) holds the same types and document, at the API version', async () => {
    const expected = await renderApiTypes();
    expect(readFileSync(CLIENT_TYPES_PATH, 'utf8') === expected, 'run `npm run gen:api`').toBe(
      true,
    );
    expect(
      readFileSync(CLIENT_DOCUMENT_PATH, 'utf8') === renderApiDocument(),
      'run `npm run gen:api`',
    ).toBe(true);
    const pkg = JSON.parse(
      readFileSync(
        new URL('../../../../packages/api-client/package.json', import.meta.url),
        'utf8',
      ),
    );
    expect(pkg.version).toBe(OPENAPI_CONFIG.info.version);
  });
});
