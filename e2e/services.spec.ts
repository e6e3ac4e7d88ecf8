import { expect, test, type Page } from '@playwright/test';
import { expectToast, signUpAndCreateGym } from './support/flows';

/** The card of one service (an article named after it). */
const card = (page: Page, name: string) => page.getByRole('article', { name, exact: true });

test.describe('services', () => {
  test('create, edit, deactivate and delete while a second browser sees each change live', async ({
    browser,
  }) => {
    const ctx1 = await browser.newContext();
    const page1 = await ctx1.newPage();
    await signUpAndCreateGym(page1, { gymName: `Services Gym ${Date.now()}` });
    // The same person in a second browser: signed in with the first one's cookies.
    const ctx2 = await browser.newContext({ storageState: await ctx1.storageState() });
    const page2 = await ctx2.newPage();

    await test.step('both open the empty list', async () => {
      for (const page of [page1, page2]) {
        await page.goto('/services');
        await expect(page.getByRole('heading', { name: 'Gym Services' })).toBeVisible();
        await expect(page.getByRole('button', { name: 'Create Your First Service' })).toBeVisible();
      }
      // Survives only if page 2 is never reloaded: every change below must arrive live.
      await page2.evaluate(
        () => ((window as unknown as { notReloaded: boolean }).notReloaded = true),
      );
    });

    await test.step('create', async () => {
      await page1.getByRole('button', { name: 'Add Service' }).click();
      const dialog = page1.getByRole('dialog', { name: 'Add Service' });
      await expect(dialog.getByRole('button', { name: 'Create Service' })).toBeDisabled();
      await dialog.getByLabel('Service Name*').fill('  Spin Class  ');
      await dialog.getByLabel('Description').fill('High-energy cycling');
      await dialog.getByLabel('Price ($)').fill('25.5');
      await dialog.getByLabel('Duration (minutes)').fill('45');
      await dialog.getByRole('button', { name: 'Create Service' }).click();
      await expectToast(page1, 'Service created successfully');
      await expect(dialog).toBeHidden();

      const seen = card(page2, 'Spin Class');
      await expect(seen).toBeVisible();
      await expect(seen.getByText('$25.50')).toBeVisible();
      await expect(seen.getByText('45 minutes')).toBeVisible();
      await expect(seen.getByText('High-energy cycling')).toBeVisible();
      await expect(seen.getByText('Active', { exact: true })).toBeVisible();
    });

    await test.step('edit (the dialog is prefilled)', async () => {
      await card(page1, 'Spin Class').getByRole('button', { name: 'Edit Spin Class' }).click();
      const dialog = page1.getByRole('dialog', { name: 'Edit Service' });
      await expect(dialog.getByLabel('Service Name*')).toHaveValue('Spin Class');
      await expect(dialog.getByLabel('Price ($)')).toHaveValue('25.50');
      await expect(dialog.getByLabel('Duration (minutes)')).toHaveValue('45');
      await dialog.getByLabel('Service Name*').fill('Power Spin');
      await dialog.getByLabel('Price ($)').fill('1250');
      await dialog.getByLabel('Duration (minutes)').fill('');
      await dialog.getByRole('button', { name: 'Update Service' }).click();
      await expectToast(page1, 'Service updated successfully');

      const seen = card(page2, 'Power Spin');
      await expect(seen.getByText('$1,250.00')).toBeVisible();
      await expect(seen.getByText(/minutes/)).toHaveCount(0);
      await expect(card(page2, 'Spin Class')).toHaveCount(0);
    });

    await test.step('deactivate', async () => {
      await card(page1, 'Power Spin')
        .getByRole('button', { name: 'Deactivate', exact: true })
        .click();
      await expect(
        card(page1, 'Power Spin').getByRole('button', { name: 'Activate', exact: true }),
      ).toBeVisible();
      const seen = card(page2, 'Power Spin');
      await expect(seen.getByText('Inactive', { exact: true })).toBeVisible();
      await expect(seen.getByRole('button', { name: 'Activate', exact: true })).toBeVisible();
    });

    await test.step('delete after confirming', async () => {
      await card(page1, 'Power Spin').getByRole('button', { name: 'Delete Power Spin' }).click();
      const confirm = page1.getByRole('alertdialog', { name: 'Delete Service' });
      await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
      await expectToast(page1, 'Service deleted successfully');
      await expect(card(page2, 'Power Spin')).toHaveCount(0);
      await expect(page2.getByRole('button', { name: 'Create Your First Service' })).toBeVisible();
    });

    expect(
      await page2.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    await ctx2.close();
    await ctx1.close();
  });
});
