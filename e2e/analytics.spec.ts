import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectToast, signUpAndCreateGym, uniqueEmail } from './support/flows';

// docs/product/reports-and-analytics.md#analytics

/** A figure card of /analytics, found by its title. */
function card(page: Page, title: string): Locator {
  return page.locator('[data-slot="card"]').filter({ has: page.getByText(title, { exact: true }) });
}

test.describe('analytics', () => {
  test('a new studio gets zeros and honest empty states on all four screens', async ({ page }) => {
    // Four screens in one test: more than the default minute on a loaded machine.
    test.slow();
    await signUpAndCreateGym(page, { gymName: `Empty Analytics ${Date.now()}` });
    await page.goto('/analytics');
    await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(card(page, 'Total Members')).toContainText('0');
    await expect(card(page, 'Monthly Revenue')).toContainText('$0.00');
    await expect(page.getByText('No payments in the last 12 months yet.')).toBeVisible();
    // No invented figures of the original: no rating or satisfaction.
    await expect(page.getByText(/satisfaction|rating|4\.8|92%|87%/i)).toHaveCount(0);
    await page.goto('/analytics/members');
    await expect(page.getByRole('heading', { level: 1, name: 'Member Analytics' })).toBeVisible();
    await expect(
      page.getByText('No member started a membership in the last 12 months yet.'),
    ).toBeVisible();
    await page.goto('/analytics/revenue');
    await expect(page.getByRole('heading', { level: 1, name: 'Revenue Reports' })).toBeVisible();
    await page.goto('/analytics/performance');
    await expect(page.getByRole('heading', { level: 1, name: 'Performance' })).toBeVisible();
    await expect(
      page.getByText('No class sessions in the last 12 weeks yet.').first(),
    ).toBeVisible();
  });

  test('a member added and checked in through the UI shows on the cards and charts', async ({
    page,
  }) => {
    test.slow();
    await signUpAndCreateGym(page, { gymName: `Analytics Gym ${Date.now()}` });
    await page.goto('/add-member');
    await page.getByLabel('First Name *').fill('Ana');
    await page.getByLabel('Last Name *').fill('Lytics');
    await page.getByLabel('Email *').fill(uniqueEmail('analytics'));
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Create Member Dashboard' }).click();
    await expect(page).toHaveURL(/\/member\/[0-9a-f-]{36}$/);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await page.getByRole('button', { name: 'Member Check-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Member Check-in' });
    await dialog.getByLabel('Search members').fill('Ana');
    await dialog.getByRole('combobox', { name: 'Member*' }).click();
    await page.getByRole('option', { name: /^Ana Lytics/ }).click();
    await dialog.getByRole('button', { name: 'Check In' }).click();
    await expectToast(page, 'Checked in');

    await page.goto('/analytics');
    await expect(card(page, 'Total Members').locator('p.text-2xl')).toHaveText('1');
    await expect(card(page, 'Active Today').locator('p.text-2xl')).toHaveText('1');
    await expect(card(page, 'Classes This Week').locator('p.text-2xl')).toHaveText('0');

    // The visit is in "Visits by hour of day"; its table is the chart's text alternative.
    const byHour = page.locator('figure').filter({ hasText: 'Visits by hour of day' });
    await byHour.getByRole('button', { name: 'Show as table' }).click();
    const table = byHour.getByRole('table');
    await expect(table).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(25);
    await expect(byHour.getByRole('button', { name: 'Show as chart' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText('Peak hours')).toBeVisible();

    // Readable at 360 px: no sideways scrolling of the page.
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/analytics');
    await expect(card(page, 'Active Today')).toBeVisible();
    // Measured once the charts and their hidden tables are drawn, not before.
    await expect(page.locator('figure').filter({ hasText: 'Visits by hour of day' })).toBeVisible();
    await expect(page.locator('figure table')).not.toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
