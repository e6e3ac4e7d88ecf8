import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createOwner,
  createTestApp,
  TEST_ORIGIN,
  type TestContext,
} from '../../test/test-app.ts';
import { MAX_JSON_DEPTH } from './middleware/request-limits.ts';

/**
 * Regression tests for malformed input that answered 500 (issue 31's defects 1 and 2): every
 * answer here must be a 4xx in the API's error shape.
 */
let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;
beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app);
});
afterAll(async () => t?.close());

type Answer = Awaited<ReturnType<typeof send>>;

async function send(method: string, path: string, body: string) {
  const res = await t.app.request(`${TEST_ORIGIN}${path}`, {
    method,
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json', cookie: owner.cookie },
    body,
  });
  const text = await res.text();
  let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, body: json, text };
}

/** A 4xx in the API's error shape. */
function expectClientError(res: Answer, what: string) {
  expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expectNoServerError(res, what);
}

/** Never a 5xx; a refusal in the API's error shape (some "wrong" values are valid, e.g. null). */
function expectNoServerError(res: Answer, what: string) {
  expect(res.status, `${what}: ${res.text.slice(0, 200)}`).toBeLessThan(500);
  if (res.status >= 400) {
    expect(typeof res.body?.error?.code, what).toBe('string');
    expect(typeof res.body?.error?.message, what).toBe('string');
  }
}

describe('deeply nested JSON bodies', () => {
  const deep = (depth: number, open = '[', close = ']') => open.repeat(depth) + close.repeat(depth);
  const deepObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

  it('are refused with 400 before any route reads them, on every kind of route', async () => {
    const routes: [string, string][] = [
      ['PUT', '/api/me/current-organization'],
      ['POST', '/api/account/sign-out'],
      ['POST', '/api/organizations'],
      ['POST', '/api/trial-requests'],
      ['POST', '/api/auth/sign-in/email'],
      ['POST', '/api/tags'],
      ['PATCH', '/api/tags/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/no-such-endpoint'],
    ];
    for (const [method, path] of routes) {
      for (const body of [deep(5000), deepObject(5000), deep(MAX_JSON_DEPTH + 1)]) {
        const res = await send(method, path, body);
        expectClientError(res, `${method} ${path}`);
        expect(res.status).toBe(400);
        expect(res.body.error.code).toBe('validation_error');
      }
    }
  });

  it('are refused on every route of the API that takes a body', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body as OpenApi;
    let routes = 0;
    for (const [template, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (!operation.requestBody) continue;
        routes += 1;
        const path = template.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
        const res = await send(method.toUpperCase(), path, deep(5000));
        expectClientError(res, `${method} ${path}`);
        expect(res.body.error.message, `${method} ${path}`).toMatch(/nested too deeply/);
      }
    }
    expect(routes).toBeGreaterThan(80);
  });

  it('at the limit, and brackets inside strings, reach the route as before', async () => {
    const atLimit = await send('POST', '/api/tags', deep(MAX_JSON_DEPTH));
    expectClientError(atLimit, 'at the limit');
    expect(atLimit.body.error.message).not.toMatch(/nested/);
    const brackets = '['.repeat(200);
    const res = await send(
      'POST',
      '/api/tags',
      JSON.stringify({ name: brackets.slice(0, 40) + '"\\"{' }),
    );
    expect(res.status).toBe(201);
  });
});

type Schema = { $ref?: string; properties?: Record<string, unknown> };
type OpenApi = {
  paths: Record<
    string,
    Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>
  >;
  components?: { schemas?: Record<string, Schema> };
};

/** Ids a path may carry: well-formed UUIDs of every version and spelling, and not-UUIDs. */
const IDS = [
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '0190b4c4-8a1e-7cc0-9a51-2f3d4c5b6a79',
  '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
  'A3BB189E-8BF9-4888-9912-ACE4E6543002',
  '3d813cbb-47fb-32ba-91df-831e1593ac29',
  '00000000-0000-4000-c000-000000000000',
  'not-a-uuid',
  '1',
];
/** Values of the wrong type for any field, and bodies that are not objects at all. */
const WRONG = [5, -1.5, [], ['x'], {}, null, true, '', 'x'.repeat(5000)];
const BODIES = [
  '{}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{}}}',
  '[]',
  'null',
  '"x"',
  '5',
  '{',
];

function bodyProperties(doc: OpenApi, operation: OpenApi['paths'][string][string]): string[] {
  let schema = operation.requestBody?.content?.['application/json']?.schema;
  if (schema?.$ref) schema = doc.components?.schemas?.[schema.$ref.split('/').pop()!];
  return Object.keys(schema?.properties ?? {});
}

/** Every malformed body for one path: the shapes above, then each field of the wrong type. */
async function fuzz(path: string, properties: string[]) {
  const bodies = [...BODIES];
  for (const property of [...properties, '__proto__']) {
    for (const value of WRONG)
      bodies.push(`{${JSON.stringify(property)}:${JSON.stringify(value)}}`);
  }
  for (const body of bodies)
    expectNoServerError(await send('PATCH', path, body), `PATCH ${path} ${body.slice(0, 60)}`);
}

describe('PATCH routes with malformed input', () => {
  it('never answer 500 on any PATCH route of the API, whatever the id and body', async () => {
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body as OpenApi;
    const routes = Object.entries(doc.paths).filter(([, ops]) => ops.patch);
    expect(routes.length).toBeGreaterThan(15);
    for (const [template, ops] of routes) {
      const properties = bodyProperties(doc, ops.patch!);
      for (const id of IDS) {
        const path = template.replace(/\{[^}]+\}/g, id);
        expectNoServerError(await send('PATCH', path, '{}'), `PATCH ${path} {}`);
        expectNoServerError(
          await send('PATCH', path, '{"__proto__":{}}'),
          `PATCH ${path} __proto__`,
        );
      }
      await fuzz(template.replace(/\{[^}]+\}/g, IDS[0]!), properties);
    }
    // A sweep of every PATCH route (hundreds of requests, one after another): past the suite's
    // 30 s default on a loaded 2-core machine (CI, PGlite), though each answer is quick.
  }, 120_000);

  it('answer 400 on an existing product, lead source and tag', async () => {
    const opts = { cookie: owner.cookie };
    const product = await call(t.app, 'POST', '/api/products', {
      ...opts,
      body: { name: 'Shake', sku: 'SHK-1', price: '4.50' },
    });
    const source = await call(t.app, 'POST', '/api/lead-sources', {
      ...opts,
      body: { name: 'Flyer' },
    });
    const tag = await call(t.app, 'POST', '/api/tags', { ...opts, body: { name: 'VIP' } });
    expect([product.status, source.status, tag.status]).toEqual([201, 201, 201]);
    const doc = (await call(t.app, 'GET', '/api/openapi.json')).body as OpenApi;
    for (const [template, id] of [
      ['/api/products/{id}', product.body.id],
      ['/api/lead-sources/{id}', source.body.id],
      ['/api/tags/{id}', tag.body.id],
    ] as const) {
      await fuzz(template.replace('{id}', id), bodyProperties(doc, doc.paths[template]!.patch!));
      for (const body of ['{}', '{"__proto__":{"name":"x"}}']) {
        const empty = await send('PATCH', template.replace('{id}', id), body);
        expectClientError(empty, `${template} ${body}`);
        expect(empty.body.error.code).toBe('validation_error');
      }
    }
  });
});
