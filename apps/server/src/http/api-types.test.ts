import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_PATH, renderApiTypes } from '../../../../scripts/gen-api-types.ts';

describe('web API types', () => {
  // The browser's client is typed from this file: a route changed without regenerating it would
  // let the web app compile against an API that no longer exists.
  it('apps/web/src/lib/api/schema.d.ts matches the route definitions (npm run gen:api)', async () => {
    const committed = readFileSync(API_TYPES_PATH, 'utf8');
    const expected = await renderApiTypes();
    expect(committed === expected, 'schema.d.ts is stale: run `npm run gen:api`').toBe(true);
  });
});
