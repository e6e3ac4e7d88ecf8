import { readFileSync } from 'node:fs';
import { expect, type Locator, test } from '@playwright/test';
import { signUpAndCreateGym } from './support/flows';

// docs/product/settings-and-help.md#help-center: search filters every tab as you type with the
// matches marked, nonsense shows an empty state, opening an article counts a real view, and a
// resource really downloads.

const viewsText = (n: number) => `${n} ${n === 1 ? 'view' : 'views'}`;
const tabCount = async (tab: Locator) => Number((await tab.textContent())!.replace(/\D/g, ''));

test('search the help center, open an article and download a resource', async ({ page }) => {
  await signUpAndCreateGym(page);
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1, name: 'Help Center' })).toBeVisible();
  const articlesTab = page.getByRole('tab', { name: /^Articles/ });
  const faqsTab = page.getByRole('tab', { name: /^FAQs/ });
  await expect(articlesTab).toContainText('15');

  // Typing filters the tabs; only matching items stay, their matching words marked.
  const search = page.getByPlaceholder('Search help articles...');
  await search.pressSequentially('audit');
  await expect.poll(() => tabCount(articlesTab)).toBeLessThan(15);
  const panel = page.getByRole('tabpanel');
  const items = panel.getByRole('listitem');
  const count = await items.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1)
    await expect(items.nth(i).locator('mark').first()).toHaveText(/^audit/i);
  await expect(panel.getByRole('link', { name: 'The audit log' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Set up your studio' })).toHaveCount(0);

  // Nonsense: every tab empty, and the panel says so.
  await search.fill('qqxzzv');
  await expect(articlesTab).toContainText('0');
  await expect(faqsTab).toContainText('0');
  await expect(page.getByText('No articles match “qqxzzv”')).toBeVisible();

  // Open an article: its view count rises by one, and once more on the next opening.
  await search.fill('');
  const views = page.getByTestId('views-audit-log');
  await expect(views).toHaveText(/\d+ views?/);
  const before = Number((await views.textContent())!.replace(/\D/g, ''));
  await page.getByRole('link', { name: 'The audit log' }).click();
  await expect(page).toHaveURL(/\/help\?article=audit-log/);
  await expect(page.getByRole('heading', { level: 1, name: 'The audit log' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'It cannot be edited' })).toBeVisible();
  await expect(page.getByTestId('article-views')).toHaveText(viewsText(before + 1));
  await page.getByRole('link', { name: 'Back to Help Center' }).click();
  await expect(page.getByTestId('views-audit-log')).toHaveText(viewsText(before + 1));
  await page.reload();
  await expect(page.getByTestId('views-audit-log')).toHaveText(viewsText(before + 1));
  // Opened again (here by the link global search uses): one more view.
  await page.goto('/help?article=audit-log');
  await expect(page.getByTestId('article-views')).toHaveText(viewsText(before + 2));
  await page.goto('/help');

  // A resource downloads from the server, and is the import template it says it is.
  await page.getByRole('tab', { name: /^Resources/ }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download Members import template' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('fitbase-import-members.csv');
  const firstLine = readFileSync((await download.path())!, 'utf8').split('\n')[0];
  expect(firstLine).toMatch(/^First name,Last name,Email,/);
});
