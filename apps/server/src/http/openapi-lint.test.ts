import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../env.ts';
import { call, createTestApp, type TestContext } from '../../test/test-app.ts';
import {
  SESSION_COOKIE_NAME,
  SESSION_SECURITY_SCHEME,
  buildOpenApiDocument,
  operationIdFor,
  type OpenApiDocument,
} from './openapi-document.ts';
import { isPublicRoute } from './public-routes.ts';

const run = promisify(execFile);
const REDOCLY = path.join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js');
const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer?: string }>;
}

let t: TestContext;
let document: OpenApiDocument;
let workDir: string;

beforeAll(async () => {
  t = await createTestApp();
  document = buildOpenApiDocument(t.app);
  workDir = mkdtempSync(path.join(tmpdir(), 'fitbase-openapi-'));
});
afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  await t?.close();
});

function operations(doc: OpenApiDocument) {
  return Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
    METHODS.flatMap((m) => (item[m] ? [{ method: m, path: p, operation: item[m] }] : [])),
  );
}

describe('OpenAPI document', () => {
  it('passes Redocly CLI lint (recommended rules, redocly.yaml) with 0 errors and 0 warnings', async () => {
    const file = path.join(workDir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
    // The CLI exits 1 when it finds errors; the JSON report says which, so read it either way.
    const result = await run(
      process.execPath,
      [REDOCLY, 'lint', file, '--config', path.join(REPO_ROOT, 'redocly.yaml'), '--format=json'],
      { cwd: REPO_ROOT, maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number };
      problems: LintProblem[];
    };
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it('is what /api/openapi.json serves', async () => {
    const res = await call(t.app, 'GET', '/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(document)));
  });

  it('declares the session cookie globally and no security on public operations only', () => {
    expect(document.security).toEqual([{ [SESSION_SECURITY_SCHEME]: [] }]);
    expect(document.components?.securitySchemes?.[SESSION_SECURITY_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE_NAME,
    });
    expect(document.servers).toEqual([expect.objectContaining({ url: '/' })]);
    const open = operations(document)
      .filter(({ operation }) => operation.security?.length === 0)
      .map(({ method, path: p }) => `${method.toUpperCase()} ${p}`);
    // Exactly the operations the session guard lets through (route-guard.test.ts lists them).
    const guardOpen = operations(document)
      .filter(({ method, path: p }) => isPublicRoute(method, p))
      .map(({ method, path: p }) => `${method.toUpperCase()} ${p}`);
    expect(open).toEqual(guardOpen);
    expect(open).toEqual(
      expect.arrayContaining(['POST /api/trial-requests', 'GET /api/staff-invitations/lookup']),
    );
    expect(open).not.toContain('GET /api/members');
  });

  it('gives every operation a 2XX answer, except the click redirect (302 only)', () => {
    const without2xx = operations(document)
      .filter(
        ({ operation }) => !Object.keys(operation.responses ?? {}).some((code) => /^2/.test(code)),
      )
      .map(({ method, path: p }) => `${method.toUpperCase()} ${p}`);
    expect(without2xx).toEqual(['GET /api/email/click/{token}']);
  });

  it('gives every operation a unique operationId', () => {
    const ids = operations(document).map(({ operation }) => operation.operationId);
    expect(ids.length).toBeGreaterThan(30);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z0-9]*$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe('operationIdFor', () => {
  it('names an operation after its method and path', () => {
    expect(operationIdFor('get', '/api/members/{id}/visits')).toBe('getMembersByIdVisits');
    expect(operationIdFor('PUT', '/api/me/current-organization')).toBe('putMeCurrentOrganization');
    expect(operationIdFor('post', '/api/owner-portal/users/{userId}/role')).toBe(
      'postOwnerPortalUsersByUserIdRole',
    );
    expect(operationIdFor('get', '/api/staff-invitations/lookup')).toBe(
      'getStaffInvitationsLookup',
    );
  });
});
