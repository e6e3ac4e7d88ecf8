import { expect, test } from '@playwright/test';
import { expectToast, signUpAndCreateGym } from './support/flows';

// docs/product/settings-and-help.md, end to end: Settings → General applies the studio's primary
// colour to the signed-in UI at once and refuses one white text cannot be read on, naming its
// contrast; Settings → Billing changes the plan and the member limit follows.

test('the primary colour is applied at once, and a low-contrast one is refused', async ({
  page,
}) => {
  await signUpAndCreateGym(page, { gymName: `Brand Gym ${Date.now()}` });
  await page.goto('/settings?tab=general');
  const save = page.getByRole('button', { name: 'Save settings' });
  await expect(save).toBeVisible();
  // Read away from the pointer: a hovered button mixes its colour.
  const background = async () => {
    await page.mouse.move(0, 0);
    return save.evaluate((el) => getComputedStyle(el).backgroundColor);
  };
  const before = await background();

  const primary = page.getByLabel('Primary colour', { exact: true });
  await primary.fill('#facc15');
  await expect(page.getByTestId('primaryColor-contrast')).toHaveText(
    'Contrast with white: 1.5:1 (at least 4.5:1 needed)',
  );
  await save.click();
  await expectToast(page, /#facc15 has a contrast of 1\.5:1 with white text/);
  expect(await background()).toBe(before);

  await primary.fill('#0f766e');
  await expect(page.getByTestId('primaryColor-contrast')).toHaveText(
    'Contrast with white: 5.4:1 (at least 4.5:1 needed)',
  );
  await save.click();
  await expectToast(page, 'Settings saved');
  await expect.poll(background).toBe('rgb(15, 118, 110)');
  expect(before).not.toBe('rgb(15, 118, 110)');
  // Everywhere in the signed-in app, not only on this page.
  await page.goto('/dashboard');
  await page.goto('/settings?tab=general');
  await expect.poll(background).toBe('rgb(15, 118, 110)');
});

test('changing the plan on Billing changes the member limit', async ({ page }) => {
  await signUpAndCreateGym(page, { gymName: `Billing Gym ${Date.now()}` });
  await page.goto('/settings?tab=billing');
  await expect(page.getByRole('note')).toContainText('No card is charged');
  await expect(page.getByTestId('trial-days-left')).toContainText('14 days left in your trial');
  await expect(page.getByTestId('member-use')).toHaveText('0 members (unlimited)');

  await page.getByRole('button', { name: 'Change to Basic' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Change plan' }).click();
  await expectToast(page, 'Your plan is now Basic');
  await expect(page.getByTestId('member-use')).toHaveText('0 / 100 members');
  await expect(page.getByRole('progressbar', { name: 'Members used' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Invoices' })).toContainText('INV-0001');

  await page.getByRole('button', { name: 'Change to Pro' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Change plan' }).click();
  await expect(page.getByTestId('member-use')).toHaveText('0 / 500 members');
  await page.getByRole('button', { name: 'Cancel at period end' }).click();
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible();
});
