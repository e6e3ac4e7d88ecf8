import { expect, test, type Page } from '@playwright/test';
import { expectToast, signUpAndCreateGym, uniqueEmail } from './support/flows';

// docs/product/connect-and-messaging.md#tags: a tag made in the UI, put on members in bulk from
// the directory, filters the directory, and its assignee count is the real count. The members
// themselves are set up through the API (they are not the point here).

async function addMember(page: Page, firstName: string, lastName: string) {
  const created = await page.request.post('/api/members', {
    data: { firstName, lastName, email: uniqueEmail(firstName.toLowerCase()) },
  });
  expect(created.status()).toBe(201);
}

test('create a tag, tag members from the directory, filter by it, count moves', async ({
  page,
}) => {
  await signUpAndCreateGym(page);
  await addMember(page, 'Ada', 'Lovelace');
  await addMember(page, 'Bo', 'Diddley');
  await addMember(page, 'Cy', 'Young');

  await page.goto('/connect/tags');
  await expect(page.getByRole('heading', { level: 1, name: 'Tags' })).toBeVisible();
  await expect(page.getByText('No tags yet')).toBeVisible();
  await page.getByRole('button', { name: 'Create tag' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create tag' });
  // Name is required: the button does nothing until one is typed.
  await expect(dialog.getByRole('button', { name: 'Create tag' })).toBeDisabled();
  await dialog.getByLabel('Name*').fill('Founding members');
  await dialog.getByLabel('Description').fill('Joined in the first month');
  await dialog.getByRole('radio', { name: 'Green' }).click();
  await dialog.getByRole('button', { name: 'Create tag' }).click();
  await expectToast(page, 'Tag created successfully');

  const table = page.getByRole('table', { name: 'Tags' });
  const row = table.getByRole('row').filter({ hasText: 'Founding members' });
  await expect(row).toContainText('Joined in the first month');
  await expect(row.getByRole('cell').nth(2)).toHaveText('0');

  // Bulk: select two members in the directory and add the tag.
  await page.goto('/members');
  const directory = page.getByRole('table', { name: 'Member Directory' });
  await expect(directory.getByRole('row')).toHaveCount(4);
  await directory.getByRole('checkbox', { name: 'Select Ada Lovelace' }).check();
  await directory.getByRole('checkbox', { name: 'Select Cy Young' }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Selected members' });
  await expect(toolbar).toContainText('2 selected');
  await toolbar.getByRole('button', { name: 'Add tag' }).click();
  const addTag = page.getByRole('dialog', { name: 'Add tag' });
  await addTag.getByLabel('Tag', { exact: true }).selectOption({ label: 'Founding members' });
  await addTag.getByRole('button', { name: 'Add tag' }).click();
  await expectToast(page, /Tagged 2 members with Founding members/);
  await expect(toolbar).toContainText('Select all shown');

  // The directory filters by the tag.
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('menuitemradio', { name: 'Founding members' }).click();
  await page.keyboard.press('Escape');
  await expect(directory.getByRole('row')).toHaveCount(3);
  await expect(directory).toContainText('Ada Lovelace');
  await expect(directory).toContainText('Cy Young');
  await expect(directory).not.toContainText('Bo Diddley');

  // The member dashboard shows the tag as a chip; removing it there moves the count again.
  await page.goto('/connect/tags');
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');
  await page.goto('/members');
  await directory.getByRole('link', { name: 'View Ada Lovelace' }).click();
  const tags = page.getByRole('region', { name: 'Tags' });
  await expect(tags).toContainText('Founding members');
  await tags.getByRole('button', { name: 'Remove tag Founding members' }).click();
  await expect(tags).toContainText('No tags');
  await page.goto('/connect/tags');
  await expect(row.getByRole('cell').nth(2)).toHaveText('1');
  await expect(row.getByRole('cell').nth(3)).not.toHaveText('System');

  // Delete from the row menu.
  await row.getByRole('button', { name: 'Actions for Founding members' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Tag deleted successfully');
  await expect(page.getByText('No tags yet')).toBeVisible();
});
