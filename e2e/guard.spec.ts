import { expect, test } from '@playwright/test';
import { signUp } from './support/flows';

test.describe('route guard', () => {
  test('signed out, an app page redirects to /auth', async ({ page }) => {
    await page.goto('/members');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('signed in without an organization: /setup outside /dashboard, /dashboard stays', async ({
    page,
  }) => {
    await signUp(page);

    await page.goto('/members');
    await expect(page).toHaveURL(/\/setup$/);
    await expect(page.getByText('Setup Your Gym').first()).toBeVisible();

    await page.goto('/dashboard');
    // The signed-in layout renders (its account menu) and the guard leaves the path alone.
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await page.waitForLoadState('networkidle');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
