import {
  expect,
  test,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import { signUpAndCreateGym } from './support/flows';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

const MAIN_ITEMS = [
  'Home',
  'Members',
  'Manage',
  'Connect',
  'Schedule',
  'Analytics',
  'Reports',
  'Store',
  'Staff',
  'Communications',
];
const FOOTER_ITEMS = ['Help Center', 'Services', 'Settings'];

// One account with a gym for the whole file: sign-ups are rate-limited.
let signedIn: StorageState | undefined;

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpAndCreateGym(page, { gymName: `Layout Gym ${Date.now()}` });
  signedIn = await context.storageState();
  await context.close();
});

test.use({
  // Also resolved for beforeAll's own context, before the sign-up: undefined there (signed out).
  // Playwright reads fixture dependencies from the destructuring pattern, so it must be `{}`.
  // eslint-disable-next-line no-empty-pattern
  storageState: async ({}, use) => {
    await use(signedIn);
  },
});

/** The desktop sidebar: the element that carries its expanded/collapsed state. */
function sidebar(page: Page): Locator {
  return page.locator('[data-slot="sidebar"][data-state]');
}

/** A top-level row: a link, or the button that opens a group. */
function navRow(scope: Locator, name: string): Locator {
  return scope
    .getByRole('link', { name, exact: true })
    .or(scope.getByRole('button', { name, exact: true }));
}

test.describe('signed-in layout', () => {
  test('the sidebar lists the navigation in order, Connect open', async ({ page }) => {
    await page.goto('/dashboard');
    const side = sidebar(page);
    await expect(side).toHaveAttribute('data-state', 'expanded');

    let previousY = -Infinity;
    for (const name of [...MAIN_ITEMS, ...FOOTER_ITEMS]) {
      const row = navRow(side, name);
      await expect(row, `sidebar item ${name}`).toBeVisible();
      const box = await row.boundingBox();
      expect(box, `position of ${name}`).not.toBeNull();
      expect(box!.y, `${name} comes after the previous item`).toBeGreaterThan(previousY);
      previousY = box!.y;
    }

    await expect(side.getByRole('link', { name: 'Campaigns', exact: true })).toBeVisible();
    await expect(side.getByRole('button', { name: 'Connect', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  test('the current page is highlighted', async ({ page }) => {
    await page.goto('/members');
    await expect(page).toHaveURL(/\/members$/);
    const side = sidebar(page);
    const current = side.locator('a[aria-current="page"]');
    await expect(current).toHaveCount(1);
    await expect(current).toHaveAttribute('href', '/members');
    await expect(side.getByRole('link', { name: 'Home', exact: true })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('Ctrl+B toggles the sidebar and remembers it in a cookie', async ({ page, context }) => {
    await page.goto('/dashboard');
    const side = sidebar(page);
    await expect(side).toHaveAttribute('data-state', 'expanded');

    const sidebarCookie = async () =>
      (await context.cookies()).find((c) => c.name === 'sidebar_state')?.value;

    await page.keyboard.press('Control+b');
    await expect(side).toHaveAttribute('data-state', 'collapsed');
    await expect.poll(sidebarCookie).toBe('false');

    await page.keyboard.press('Control+b');
    await expect(side).toHaveAttribute('data-state', 'expanded');
    await expect.poll(sidebarCookie).toBe('true');
  });

  test('the top bar has the search box, and the bell shows no badge without notifications', async ({
    page,
  }) => {
    await page.goto('/dashboard');
    await expect(page.getByPlaceholder('Search FitBase...')).toBeVisible();
    const bell = page.getByRole('button', { name: /notifications/i });
    // No invented count: the bell has nothing to show until notifications exist.
    await expect(bell).toBeVisible();
    await expect(bell).not.toContainText(/\d/);
    await bell.click();
    await expect(page.getByText('You have no notifications.')).toBeVisible();
  });
});
