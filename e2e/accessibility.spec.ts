import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  expect,
  test,
  type BrowserContextOptions,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { settle, violations, WIDTHS } from './support/axe';
import { PLATFORM_OWNER } from './support/e2e-env';
import { createGym, signUp, submitSignIn } from './support/flows';

/**
 * Every route of the app router, signed out and signed in, at a desktop and a phone width,
 * checked with axe-core against WCAG 2.1 A and AA: no serious or critical violation may ship.
 * New routes must be added to ROUTES (a check below reads router.tsx), so new screens are held
 * to the same bar as they land.
 */

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/** Public routes, visited signed out. `:token` routes get a token that does not exist. */
const PUBLIC_ROUTES = [
  '/',
  '/trial-request',
  '/auth',
  '/reset-password',
  '/accept-staff-invitation',
  '/invite/not-a-real-token',
  '/join/no-such-studio',
  '/unsubscribe/not-a-real-token',
  // The emailed export link without its token (#token=... in the fragment): "link not valid".
  '/export-download',
  '/no-such-page',
];

/** Signed-in routes with a studio; `:memberId` is replaced by a real member's id. */
const STUDIO_ROUTES = [
  '/',
  '/dashboard',
  '/dashboard/basic',
  '/dashboard/pro',
  '/dashboard/enterprise',
  '/dashboard/staff',
  '/members',
  '/add-member',
  '/member/:memberId',
  '/member/:memberId/payment',
  '/services',
  '/staff',
  '/owner-portal',
  '/members/groups',
  '/members/groups/:groupId',
  '/members/import',
  '/members/reports',
  '/kiosk-exceptions',
  '/manage',
  '/connect/campaigns',
  '/connect/automations',
  '/connect/notifications',
  '/connect/audiences',
  '/connect/sources',
  '/connect/tags',
  '/connect',
  '/connect/anything-else',
  '/communications',
  '/schedule',
  '/analytics',
  '/analytics/members',
  '/analytics/revenue',
  '/analytics/performance',
  '/reports',
  '/store/products',
  '/store/orders',
  '/store/inventory',
  '/store/gift-cards',
  '/manage/discounts',
  '/manage/pay-rates',
  '/communications/messages',
  '/communications/templates',
  '/communications/two-way',
  '/help',
  '/settings',
  '/no-such-page',
];

/** The route patterns router.tsx declares (feature routes and placeholders). */
function declaredRoutePatterns(): string[] {
  const file = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    '../apps/web/src/app/router.tsx',
  );
  const source = readFileSync(file, 'utf8');
  const patterns = new Set<string>();
  for (const match of source.matchAll(/path:\s*'([^']+)'/g)) patterns.add(match[1]!);
  for (const match of source.matchAll(/\[\s*'(\/[^']*)',\s*'[^']*'\s*\]/g)) patterns.add(match[1]!);
  return [...patterns];
}

function matchesPattern(pattern: string, url: string): boolean {
  if (pattern === '*') return true;
  const regex = new RegExp(
    `^${pattern
      .split('/')
      .map((part) => (part === '*' ? '.+' : part.startsWith(':') ? '[^/]+' : part))
      .join('/')}$`,
  );
  return regex.test(url);
}

async function checkRoutes(
  page: Page,
  testInfo: TestInfo,
  urls: string[],
  width: (typeof WIDTHS)[number],
): Promise<void> {
  await page.setViewportSize({ width: width.width, height: width.height });
  const found: string[] = [];
  for (const url of urls) {
    await page.goto(url);
    await settle(page);
    found.push(...(await violations(page, `${url} at ${width.width}px`)));
  }
  await testInfo.attach('axe violations', { body: found.join('\n') || 'none' });
  expect(found, `axe found serious or critical violations:\n${found.join('\n')}`).toEqual([]);
}

let studio: StorageState | undefined;
let noStudio: StorageState | undefined;
let memberId = '';
let groupId = '';

test.describe('accessibility (axe-core, WCAG 2.1 A and AA)', () => {
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await signUp(page, { fullName: 'Casey Trainer' });
    // Signed in without an organization yet: /setup.
    noStudio = await context.storageState();
    await createGym(page, `Accessible Gym ${Date.now()}`);
    const created = await page.request.post('/api/members', {
      data: { firstName: 'Robin', lastName: 'Reader', email: `robin.${Date.now()}@example.com` },
    });
    expect(created.status()).toBe(201);
    memberId = ((await created.json()) as { id: string }).id;
    expect((await page.request.post(`/api/members/${memberId}/visits`)).status()).toBe(201);
    const group = await page.request.post('/api/audiences', {
      data: { name: 'Family Reader', kind: 'manual' },
    });
    expect(group.status()).toBe(201);
    groupId = ((await group.json()) as { id: string }).id;
    await page.request.post(`/api/audiences/${groupId}/members`, {
      data: { memberIds: [memberId] },
    });
    studio = await context.storageState();
    await context.close();
  });

  test('the route lists cover every route of the app router', () => {
    const urls = [...PUBLIC_ROUTES, ...STUDIO_ROUTES, '/setup'];
    const uncovered = declaredRoutePatterns().filter(
      (pattern) =>
        !urls.some((url) =>
          matchesPattern(
            pattern,
            url.replace(':memberId', 'some-id').replace(':groupId', 'some-id'),
          ),
        ),
    );
    expect(uncovered, 'routes of router.tsx missing from accessibility.spec.ts').toEqual([]);
  });

  for (const width of WIDTHS) {
    test(`public pages at ${width.width}px`, async ({ page }, testInfo) => {
      await checkRoutes(page, testInfo, PUBLIC_ROUTES, width);
    });

    test(`setup at ${width.width}px`, async ({ browser }, testInfo) => {
      const context = await browser.newContext({ storageState: noStudio });
      const page = await context.newPage();
      await checkRoutes(page, testInfo, ['/setup'], width);
      await context.close();
    });

    // Two halves: each page is loaded, settled and scanned, and the reports and analytics
    // screens (charts, tables) take longer than the placeholders they replaced.
    const half = Math.ceil(STUDIO_ROUTES.length / 2);
    for (const [part, routes] of [
      [1, STUDIO_ROUTES.slice(0, half)],
      [2, STUDIO_ROUTES.slice(half)],
    ] as const) {
      test(`signed-in pages at ${width.width}px (${part} of 2)`, async ({ browser }, testInfo) => {
        test.setTimeout(240_000);
        const context = await browser.newContext({ storageState: studio });
        const page = await context.newPage();
        const urls = routes.map((url) =>
          url.replace(':memberId', memberId).replace(':groupId', groupId),
        );
        await checkRoutes(page, testInfo, urls, width);
        await context.close();
      });
    }

    test(`open menus, popovers and the phone sidebar at ${width.width}px`, async ({
      browser,
    }, testInfo) => {
      const context = await browser.newContext({ storageState: studio });
      const page = await context.newPage();
      await page.setViewportSize({ width: width.width, height: width.height });
      await page.goto('/dashboard');
      await settle(page);
      const found: string[] = [];

      await page.getByRole('button', { name: 'Account menu' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await settle(page);
      found.push(...(await violations(page, `account menu at ${width.width}px`)));
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Notifications' }).click();
      await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
      await settle(page);
      found.push(...(await violations(page, `notifications at ${width.width}px`)));
      await page.keyboard.press('Escape');

      if (width.width < 768) {
        await page.getByRole('button', { name: 'Toggle Sidebar' }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await settle(page);
        found.push(...(await violations(page, `phone sidebar at ${width.width}px`)));
        await page.keyboard.press('Escape');
      }
      await testInfo.attach('axe violations', { body: found.join('\n') || 'none' });
      expect(found, `axe found serious or critical violations:\n${found.join('\n')}`).toEqual([]);
      await context.close();
    });
  }

  for (const width of WIDTHS) {
    test(`the schedule with a class, its session panel, Add Class, Book Appointment and Availability at ${width.width}px`, async ({
      browser,
    }, testInfo) => {
      const context = await browser.newContext({ storageState: studio });
      const page = await context.newPage();
      await page.setViewportSize({ width: width.width, height: width.height });
      const name = `Morning Yoga ${width.name}`;
      // Tomorrow: a session already over today may not be generated.
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const created = await page.request.post('/api/classes', {
        data: {
          name,
          capacity: 12,
          durationMinutes: 60,
          startsOn: tomorrow,
          startTime: '07:00',
          recurrenceRule: 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR,SA,SU',
        },
      });
      expect(created.status()).toBe(201);
      await page.goto(`/schedule?date=${tomorrow}`);
      await settle(page);
      const session = page.getByRole('button', { name: new RegExp(`^${name}, `) }).first();
      await expect(session).toBeVisible();
      const found = await violations(page, `/schedule with a class at ${width.width}px`);

      await session.click();
      await expect(page.getByRole('dialog', { name })).toBeVisible();
      await settle(page);
      found.push(...(await violations(page, `session panel at ${width.width}px`)));
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Add Class' }).first().click();
      await expect(page.getByRole('dialog', { name: 'Add Class' })).toBeVisible();
      await settle(page);
      found.push(...(await violations(page, `Add Class at ${width.width}px`)));
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Book Appointment' }).click();
      await expect(page.getByRole('dialog', { name: 'Book Appointment' })).toBeVisible();
      await settle(page);
      found.push(...(await violations(page, `Book Appointment at ${width.width}px`)));
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: 'Facilities' }).click();
      await settle(page);
      found.push(...(await violations(page, `schedule facilities at ${width.width}px`)));

      await page.getByRole('tab', { name: 'Availability' }).click();
      await page.getByRole('button', { name: 'Add time' }).click();
      await settle(page);
      found.push(...(await violations(page, `schedule availability at ${width.width}px`)));
      await testInfo.attach('axe violations', { body: found.join('\n') || 'none' });
      expect(found, `axe found serious or critical violations:\n${found.join('\n')}`).toEqual([]);
      await context.close();
    });
  }

  for (const width of WIDTHS) {
    test(`the studio home at /, its classes and dialogs at ${width.width}px`, async ({
      browser,
    }, testInfo) => {
      const context = await browser.newContext({ storageState: studio });
      const page = await context.newPage();
      await page.setViewportSize({ width: width.width, height: width.height });
      const name = `Home Spin ${width.name}`;
      const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      const created = await page.request.post('/api/classes', {
        data: { name, capacity: 10, durationMinutes: 45, startsOn: tomorrow, startTime: '18:00' },
      });
      expect(created.status()).toBe(201);
      await page.goto('/');
      // The pre-rendered landing page comes first; the home replaces it once the session is known.
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
      await settle(page);
      const found = await violations(page, `/ (studio home) at ${width.width}px`);

      await page.getByRole('tab', { name: 'Tomorrow' }).click();
      await page.getByRole('button', { name: new RegExp(`^Book Client into ${name}`) }).click();
      await expect(page.getByRole('dialog', { name: 'Book Client' })).toBeVisible();
      await settle(page);
      found.push(...(await violations(page, `Book Client at ${width.width}px`)));
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Member Check-in' }).click();
      await expect(page.getByRole('dialog', { name: 'Member Check-in' })).toBeVisible();
      await settle(page);
      found.push(...(await violations(page, `Member Check-in at ${width.width}px`)));
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: 'Customize' }).click();
      await expect(page.getByRole('dialog', { name: 'Customize dashboard' })).toBeVisible();
      await settle(page);
      found.push(...(await violations(page, `Customize dashboard at ${width.width}px`)));
      await testInfo.attach('axe violations', { body: found.join('\n') || 'none' });
      expect(found, `axe found serious or critical violations:\n${found.join('\n')}`).toEqual([]);
      await context.close();
    });
  }

  for (const width of WIDTHS) {
    test(`money screens with data and their dialogs at ${width.width}px`, async ({
      browser,
    }, testInfo) => {
      const context = await browser.newContext({ storageState: studio });
      const page = await context.newPage();
      await page.setViewportSize({ width: width.width, height: width.height });
      const suffix = width.name.toUpperCase();
      const plan = await page.request.post('/api/plans', {
        data: {
          name: `Pack ${suffix}`,
          kind: 'class_pack',
          price: '99.00',
          credits: 5,
          validityDays: 60,
        },
      });
      expect(plan.status()).toBe(201);
      const planId = ((await plan.json()) as { id: string }).id;
      const sold = await page.request.post(`/api/members/${memberId}/memberships`, {
        data: { planId, method: 'cash' },
      });
      expect(sold.status()).toBe(201);
      const product = await page.request.post('/api/products', {
        data: { name: `Shaker ${suffix}`, sku: `SH-${suffix}`, price: '12.50', initialStock: 5 },
      });
      expect(product.status()).toBe(201);
      const discount = await page.request.post('/api/discounts', {
        data: { code: `A11Y${suffix}`, kind: 'percent', value: '10' },
      });
      expect(discount.status()).toBe(201);
      const found: string[] = [];
      const check = async (label: string) => {
        await settle(page);
        found.push(...(await violations(page, `${label} at ${width.width}px`)));
      };

      await page.goto(`/member/${memberId}`);
      await page.getByRole('tab', { name: 'Membership' }).click();
      await expect(page.getByRole('region', { name: 'Current memberships' })).toBeVisible();
      await check('Membership tab');
      await page.getByRole('button', { name: 'Sell Plan' }).click();
      const sell = page.getByRole('dialog', { name: 'Sell Plan' });
      const planOption = sell.getByRole('option', { name: new RegExp(`Pack ${suffix}`) });
      await sell
        .getByLabel('Plan*', { exact: true })
        .selectOption((await planOption.getAttribute('value')) ?? '');
      await expect(sell.getByText('Due today')).toBeVisible();
      await check('Sell Plan');
      await page.keyboard.press('Escape');
      await page.getByRole('tab', { name: 'Payment Methods' }).click();
      await expect(page.getByText(`Pack ${suffix}`).first()).toBeVisible();
      await check('Payments');

      await page.goto('/services');
      await page.getByRole('button', { name: 'Add Plan', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Add Plan' })).toBeVisible();
      await check('Add Plan');

      await page.goto('/store/products');
      await expect(page.getByText(`Shaker ${suffix}`).first()).toBeVisible();
      await check('/store/products with a product');
      await page.getByRole('button', { name: 'Add Product' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Product' })).toBeVisible();
      await check('Add Product');

      await page.goto('/store/orders');
      await page.getByRole('button', { name: 'New Sale' }).first().click();
      const sale = page.getByRole('dialog', { name: 'New Sale' });
      await sale.getByRole('button', { name: `Add Shaker ${suffix}` }).click();
      await sale.getByLabel('Discount code').fill(`A11Y${suffix}`);
      await expect(sale.getByText(`A11Y${suffix}: -$1.25`)).toBeVisible();
      await check('New Sale with a cart');

      await page.goto('/manage/discounts');
      await expect(page.getByText(`A11Y${suffix}`).first()).toBeVisible();
      await check('/manage/discounts with a code');
      await page.getByRole('button', { name: 'Add Discount Code' }).click();
      await expect(page.getByRole('dialog', { name: 'Add Discount Code' })).toBeVisible();
      await check('Add Discount Code');
      await testInfo.attach('axe violations', { body: found.join('\n') || 'none' });
      expect(found, `axe found serious or critical violations:\n${found.join('\n')}`).toEqual([]);
      await context.close();
    });
  }

  test('the top bar, sidebar, menus and tabs work by keyboard alone', async ({ browser }) => {
    const context = await browser.newContext({ storageState: studio });
    const page = await context.newPage();
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto('/dashboard');
    await settle(page);

    // The first Tab reaches the skip link, which moves focus to the page.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to main content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();

    // Account menu: opens with Enter, arrow keys move, Escape closes back onto its button.
    const account = page.getByRole('button', { name: /Account menu$/ });
    await account.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'Settings' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
    await expect(account).toBeFocused();

    // Notifications: a popover that Escape closes back onto the bell.
    const bell = page.getByRole('button', { name: 'Notifications', exact: true });
    await bell.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toHaveCount(0);
    await expect(bell).toBeFocused();

    // Sidebar: a group opens with the keyboard and its links are reachable with Tab.
    const nav = page.getByRole('navigation', { name: 'Main' });
    const analytics = nav.getByRole('button', { name: 'Analytics', exact: true });
    await expect(analytics).toHaveAttribute('aria-expanded', 'false');
    await analytics.focus();
    await page.keyboard.press('Enter');
    await expect(analytics).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Overview', exact: true })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/analytics$/);
    // The sidebar collapses and expands from its button.
    const toggle = page.getByRole('button', { name: 'Toggle Sidebar' });
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-slot="sidebar"][data-state]')).toHaveAttribute(
      'data-state',
      'collapsed',
    );
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-slot="sidebar"][data-state]')).toHaveAttribute(
      'data-state',
      'expanded',
    );

    // Member tabs: arrow keys move between tabs and select them.
    await page.goto(`/member/${memberId}`);
    await settle(page);
    const overview = page.getByRole('tab', { name: 'Overview' });
    await overview.focus();
    await page.keyboard.press('ArrowRight');
    const membership = page.getByRole('tab', { name: 'Membership' });
    await expect(membership).toBeFocused();
    await expect(membership).toHaveAttribute('aria-selected', 'true');
    await context.close();
  });

  test('the platform owner portal at both widths', async ({ page }, testInfo) => {
    await page.goto('/auth');
    await submitSignIn(page, PLATFORM_OWNER.email, PLATFORM_OWNER.password);
    // The portal itself without a gym, the studio's dashboard with one.
    await expect(page).toHaveURL(/\/(owner-portal|dashboard)/);
    for (const width of WIDTHS) await checkRoutes(page, testInfo, ['/owner-portal'], width);
  });
});
