import { expect, test } from '@playwright/test';

// The public pages are pre-rendered at build time (scripts/prerender.mjs) and hydrated in the
// browser; docs/product/marketing.md. These run against the real build that `npm test` makes.

const PUBLIC_PAGES = [
  { path: '/', heading: 'Run Your Entire Fitness Business From One Place' },
  { path: '/trial-request', heading: 'Start Your Free Trial' },
  { path: '/auth', heading: 'Welcome back' },
];

test.describe('pre-rendered public pages', () => {
  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    for (const { path, heading } of PUBLIC_PAGES) {
      test(`${path} shows its content`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      });
    }

    test('forms stay disabled until their script runs', async ({ page }) => {
      await page.goto('/auth');
      await expect(page.getByLabel('Email')).toBeDisabled();
      await page.goto('/trial-request');
      await expect(page.getByRole('button', { name: 'Request Free Trial' })).toBeDisabled();
    });
  });

  test('hydrate without a mismatch, load no signed-in code, and enable their forms', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    for (const { path, heading } of PUBLIC_PAGES) {
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    await expect(page.getByLabel('Email')).toBeEnabled();
    // React reports a hydration mismatch (#418, #423, ...) as an uncaught error.
    expect(errors).toEqual([]);
    const signedIn = scripts.filter((s) =>
      /\/(app-layout|dashboard-route|members-route|owner-portal-route|staff-route|services-route|require-auth|CartesianChart|generateCategoricalChart|react-query-devtools)/i.test(
        s,
      ),
    );
    expect(signedIn).toEqual([]);
  });

  test('HTML and assets go out precompressed, assets cached for good', async ({ request }) => {
    const html = await request.get('/', { headers: { 'accept-encoding': 'br' } });
    expect(html.headers()['content-encoding']).toBe('br');
    expect(html.headers()['cache-control']).toBe('no-cache');
    const body = await html.text();
    expect(body).toContain('Run Your Entire Fitness Business From One Place');
    // The page starts its entry script through the boot script, once painted.
    const script = body.match(/data-entry="(\/assets\/index-[^"]+\.js)"/)?.[1];
    expect(script).toBeTruthy();
    const asset = await request.get(script!, { headers: { 'accept-encoding': 'gzip' } });
    expect(asset.status()).toBe(200);
    expect(asset.headers()['content-encoding']).toBe('gzip');
    expect(asset.headers()['cache-control']).toContain('immutable');
  });
});
