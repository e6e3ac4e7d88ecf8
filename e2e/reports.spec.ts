import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectToast, signUpAndCreateGym, uniqueEmail } from './support/flows';

// docs/product/reports-and-analytics.md, through the screens: a class pack sold in cash on the
// member's Membership tab is this month's Sales and a Paid row of Transactions; the menu switches
// groups and reports, the period selector steps through Week, Year and Custom, Export CSV
// downloads the rows, and the URL reopens the same view. The member and the service are set up
// through the API (they are not the point).

async function selectContaining(select: Locator, text: string): Promise<void> {
  const option = select.locator('option').filter({ hasText: text });
  await expect(option).toHaveCount(1);
  await select.selectOption((await option.getAttribute('value')) ?? '');
}

function reportTitle(page: Page): Locator {
  return page.locator('h2#report-title');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

test('a cash sale shows in Sales and Transactions, exports, and the view lives in the URL', async ({
  page,
}, testInfo) => {
  // Many steps through the UI on a shared CI machine: generous, the steps themselves wait 10 s each.
  test.setTimeout(300_000);
  await signUpAndCreateGym(page, { gymName: `Reports Gym ${Date.now()}` });
  // The studio's zone is the browser's at setup: the runner's, UTC here.
  const today = new Date().toISOString().slice(0, 10);
  const monthLabel = `${MONTHS[Number(today.slice(5, 7)) - 1]} ${today.slice(0, 4)}`;
  const lastName = `Ledger${Date.now() % 100_000}`;
  const member = await page.request.post('/api/members', {
    data: { firstName: 'Rita', lastName, email: uniqueEmail('rita') },
  });
  expect(member.status()).toBe(201);
  const { id: memberId } = (await member.json()) as { id: string };
  const service = await page.request.post('/api/services', {
    data: { name: 'Spin', durationMinutes: 45 },
  });
  expect(service.status()).toBe(201);

  await test.step('a new studio has no sales this month', async () => {
    await page.goto('/reports');
    await expect(reportTitle(page)).toHaveText('Sales');
    await expect(page.getByTestId('period-label')).toHaveText(monthLabel);
    await expect(page.getByTestId('figure-total')).toContainText('$0.00');
    await expect(page.getByText(`No sales in ${monthLabel}`).first()).toBeVisible();
  });

  await test.step('a class pack is made and sold in cash', async () => {
    await page.goto('/services');
    await page.getByRole('button', { name: 'Add Plan to Spin' }).click();
    const plan = page.getByRole('dialog', { name: 'Add Plan' });
    await plan.getByLabel('Plan Name*', { exact: true }).fill('5-Ride Pack');
    await plan.getByLabel('Plan Type*', { exact: true }).selectOption('class_pack');
    await plan.getByLabel('Price ($)*', { exact: true }).fill('87.50');
    await plan.getByLabel('Credits*', { exact: true }).fill('5');
    await plan.getByLabel('Valid for (days)*', { exact: true }).fill('60');
    await plan.getByRole('button', { name: 'Create Plan' }).click();
    await expectToast(page, 'Plan created');

    await page.goto(`/member/${memberId}`);
    await page.getByRole('tab', { name: 'Membership' }).click();
    await page.getByRole('button', { name: 'Sell Plan' }).click();
    const sell = page.getByRole('dialog', { name: 'Sell Plan' });
    await selectContaining(sell.getByLabel('Plan*', { exact: true }), '5-Ride Pack');
    await sell.getByLabel('Payment*', { exact: true }).selectOption('cash');
    await sell.getByRole('button', { name: 'Sell Plan' }).click();
    await expectToast(page, 'Plan sold');
  });

  await test.step('Sales this month is that sale', async () => {
    await page.goto('/reports');
    await expect(reportTitle(page)).toHaveText('Sales');
    await expect(page.getByTestId('figure-total')).toContainText('$87.50');
    await expect(page.getByTestId('report-totals')).toContainText('$87.50');
  });

  await test.step('Membership → Members, then Week, Year and Custom', async () => {
    const menu = page.getByRole('navigation', { name: 'Reports' });
    await menu.getByRole('button', { name: 'Membership' }).click();
    await menu.getByRole('link', { name: 'Members', exact: true }).click();
    await expect(reportTitle(page)).toHaveText('Members');
    await expect(page).toHaveURL(/report=members/);

    const periods = page.getByRole('group', { name: 'Period' });
    await periods.getByRole('button', { name: 'Week' }).click();
    await expect(page).toHaveURL(/period=week/);
    await expect(page.getByTestId('period-label')).toHaveText(/ – /);
    await periods.getByRole('button', { name: 'Year' }).click();
    await expect(page.getByTestId('period-label')).toHaveText(today.slice(0, 4));
    await page.getByRole('button', { name: 'Previous period' }).click();
    await expect(page.getByTestId('period-label')).toHaveText(
      String(Number(today.slice(0, 4)) - 1),
    );
    await page.getByRole('button', { name: 'Next period' }).click();
    await expect(page.getByTestId('period-label')).toHaveText(today.slice(0, 4));

    await periods.getByRole('button', { name: 'Custom' }).click();
    const custom = page.getByRole('form', { name: 'Custom period' });
    // The end before the start is explained, not sent.
    await custom.getByLabel('From').fill(today);
    await custom.getByLabel('To').fill(`${Number(today.slice(0, 4)) - 1}-01-01`);
    await custom.getByRole('button', { name: 'Apply' }).click();
    await expect(custom.getByText('The end date is before the start date.')).toBeVisible();
    await custom.getByLabel('From').fill(`${today.slice(0, 7)}-01`);
    await custom.getByLabel('To').fill(today);
    await custom.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(
      new RegExp(`period=custom.*from=${today.slice(0, 7)}-01.*to=${today}`),
    );
    await expect(reportTitle(page)).toHaveText('Members');
  });

  await test.step('Transactions lists the sale as Paid', async () => {
    await page
      .getByRole('navigation', { name: 'Reports' })
      .getByRole('link', { name: 'Transactions' })
      .click();
    await expect(reportTitle(page)).toHaveText('Transactions');
    // The period is kept when the report changes.
    await expect(page).toHaveURL(/report=transactions.*period=custom/);
    const row = page.getByRole('table', { name: 'Transactions' }).getByRole('row', {
      name: new RegExp(lastName),
    });
    await expect(row).toContainText('$87.50');
    await expect(row).toContainText('Paid');
  });

  await test.step('Export CSV downloads the rows of the period', async () => {
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.csv$/);
    const file = testInfo.outputPath('transactions.csv');
    await download.saveAs(file);
    const lines = (await readFile(file, 'utf8')).trim().split(/\r?\n/);
    expect(lines.length).toBe(2);
    expect(lines[1]).toContain(lastName);
    expect(lines[1]).toContain('87.50');
  });

  await test.step('the URL reopens the same view; back returns to Members', async () => {
    await page.reload();
    await expect(reportTitle(page)).toHaveText('Transactions');
    await expect(
      page.getByRole('group', { name: 'Period' }).getByRole('button', { name: 'Custom' }),
    ).toHaveAttribute('aria-pressed', 'true');
    await expect(
      page
        .getByRole('table', { name: 'Transactions' })
        .getByRole('row', { name: new RegExp(lastName) }),
    ).toContainText('$87.50');
    await page.goBack();
    await expect(reportTitle(page)).toHaveText('Members');
  });
});
