import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  API_TYPES_PATH,
  CLIENT_DOCUMENT_PATH,
  renderApiDocument,
  renderApiTypes,
} from '../../../../scripts/gen-api-types.ts';
import { OPENAPI_CONFIG } from './openapi-config.ts';

describe('the API types (packages/api-client)', () => {
  // The web app's client and the published client are typed from this file: a route changed
  // without regenerating it would let them compile against an API that no longer exists.
  it('schema.d.ts and openapi.json match the route definitions (npm run gen:api)', async () => {
    const committed = readFileSync(API_TYPES_PATH, 'utf8');
    expect(
      committed === (await renderApiTypes()),
      'schema.d.ts is stale: run `npm run gen:api`',
    ).toBe(true);
    expect(
      readFileSync(CLIENT_DOCUMENT_PATH, 'utf8') === renderApiDocument(),
      'openapi.json is stale: run `npm run gen:api`',
    ).toBe(true);
  });

  it('is versioned with the API: the package version is the document info.version', () => {
    const pkg = JSON.parse(
      readFileSync(
        new URL('../../../../packages/api-client/package.json', import.meta.url),
        'utf8',
      ),
    ) as { version: string };
    expect(pkg.version).toBe(OPENAPI_CONFIG.info.version);
  });
});
