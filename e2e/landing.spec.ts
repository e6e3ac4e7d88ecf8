import { expect, test } from '@playwright/test';
import { action, expectToast, toast } from './support/flows';

test.describe('public landing page', () => {
  test('shows the hero, integrations and the most popular pricing tier', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText('Popular Integrations')).toBeVisible();
    await expect(page.getByText('Most Popular')).toBeVisible();
    await expect(action(page, 'Customer Login')).toHaveAttribute('href', '/auth');
  });

  test('Get Demo leads to the trial form, which submits and confirms', async ({ page }) => {
    await page.goto('/');
    await action(page, 'Get Demo').click();
    await expect(page).toHaveURL(/\/trial-request$/);

    await page.getByLabel('Business Name *').fill('Iron Temple CrossFit');
    await page.getByLabel('Contact Name *').fill('Jordan Lifter');
    await page.getByLabel('Email *').fill(`trial-${Date.now()}@example.com`);
    await page.getByLabel('Phone Number *').fill('(555) 123-4567');
    await page.getByLabel('Business Type *').selectOption('crossfit');
    await page.getByLabel('Location').fill('Austin, TX');
    await page.getByRole('button', { name: 'Request Free Trial' }).click();

    await expectToast(page, 'Request Submitted Successfully!');
    await expect(action(page, 'Back to Home')).toBeVisible();
    await expect(action(page, 'Already have an account? Sign In')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request Free Trial' })).toHaveCount(0);

    await action(page, 'Back to Home').click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('native validation blocks an empty trial request', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/')) {
        posts.push(request.url());
      }
    });
    await page.goto('/trial-request');
    const submit = page.getByRole('button', { name: 'Request Free Trial' });
    await submit.click();

    const businessName = page.getByLabel('Business Name *');
    expect(
      await businessName.evaluate((el) => (el as HTMLInputElement).validity.valueMissing),
    ).toBe(true);
    // Give a (wrongly) sent request time to come back before checking nothing happened.
    await page.waitForTimeout(500);
    await expect(submit).toBeVisible();
    await expect(page).toHaveURL(/\/trial-request$/);
    await expect(toast(page, 'Request Submitted Successfully!')).toHaveCount(0);
    expect(posts).toEqual([]);
  });
});
