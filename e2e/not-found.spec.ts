import { expect, test } from '@playwright/test';

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  const home = page.getByRole('link', { name: 'Return to Home' });
  await expect(home).toHaveAttribute('href', '/');
  await home.click();
  await expect(page).toHaveURL(/\/$/);
});
