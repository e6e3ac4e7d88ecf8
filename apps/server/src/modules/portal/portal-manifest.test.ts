import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.ts';
import { call, createOwner, createTestApp, type TestContext } from '../../../test/test-app.ts';
import { DEFAULT_THEME_COLOR } from './portal-manifest.ts';

// docs/product/member-portal.md#installable-and-offline

let t: TestContext;
let owner: Awaited<ReturnType<typeof createOwner>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createOwner(t.app, 'pro');
});
afterAll(async () => t?.close());

describe("the studio's web app manifest", () => {
  it("names the studio, opens and stays on its portal, in FitBase's colour by default", async () => {
    const { slug } = owner.organization;
    const { name } = (await call(t.app, 'GET', `/api/m/${slug}`)).body as { name: string };
    expect(name).toEqual(expect.any(String));
    const res = await call(t.app, 'GET', `/m/${slug}/manifest.webmanifest`);
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.body).toMatchObject({
      id: `/m/${slug}/`,
      name,
      short_name: name,
      start_url: `/m/${slug}/`,
      scope: `/m/${slug}/`,
      display: 'standalone',
      theme_color: DEFAULT_THEME_COLOR,
    });
    const icons = res.body.icons as Array<{ src: string; sizes: string; purpose: string }>;
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
  });

  it("takes the studio's name and primary colour from Settings", async () => {
    const saved = await call(t.app, 'PATCH', '/api/settings/general', {
      cookie: owner.cookie,
      body: { name: 'Iron Temple', primaryColor: '#0F766E' },
    });
    expect(saved.status, saved.text).toBe(200);
    const res = await call(t.app, 'GET', `/m/${owner.organization.slug}/manifest.webmanifest`);
    expect(res.body).toMatchObject({
      name: 'Iron Temple',
      short_name: 'Iron Temple',
      theme_color: '#0f766e',
    });
  });

  it('is a 404 for a slug that is no studio, with or without the built web app', async () => {
    const missing = await call(t.app, 'GET', '/m/not-a-studio-slug/manifest.webmanifest');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const distDir = mkdtempSync(path.join(tmpdir(), 'fitbase-portal-manifest-'));
    try {
      writeFileSync(path.join(distDir, 'index.html'), '<div id="root"></div>');
      writeFileSync(path.join(distDir, 'portal.html'), '<div id="portal"></div>');
      const web = createApp(t.deps, { webDistDir: distDir });
      // The manifest route comes before the portal page's /m/* (which would answer HTML).
      const found = await call(web, 'GET', `/m/${owner.organization.slug}/manifest.webmanifest`);
      expect(found.headers.get('content-type')).toContain('application/manifest+json');
      expect((await call(web, 'GET', '/m/not-a-studio-slug/manifest.webmanifest')).status).toBe(
        404,
      );
    } finally {
      rmSync(distDir, { recursive: true, force: true });
    }
  });
});

describe('the content security policy', () => {
  it("allows the portal's service worker and manifest from this origin only", async () => {
    const res = await call(t.app, 'GET', '/api/health');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });
});
