import { expect, test, type Page } from '@playwright/test';
import { expectToast, signUpAndCreateGym, uniqueEmail } from './support/flows';

// docs/product/connect-and-messaging.md#audiences-and-member-groups: a dynamic group made in
// the editor shows its live count, and a manual group is kept by hand from the Members area.
// The members themselves are set up through the API (they are not the point here).

async function addMember(page: Page, firstName: string, lastName: string, status?: string) {
  const created = await page.request.post('/api/members', {
    data: { firstName, lastName, email: uniqueEmail(firstName.toLowerCase()) },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  if (status) {
    const changed = await page.request.patch(`/api/members/${id}`, {
      data: { membershipStatus: status },
    });
    expect(changed.status()).toBe(200);
  }
  return id;
}

test('a dynamic group counts the members who meet its rules, live', async ({ page }) => {
  await signUpAndCreateGym(page);
  await addMember(page, 'Ada', 'Active');
  await addMember(page, 'Bo', 'Active');
  await addMember(page, 'Cy', 'Cancelled', 'cancelled');

  await page.goto('/connect/audiences');
  await expect(page.getByRole('heading', { level: 1, name: 'Audiences' })).toBeVisible();
  await page.getByRole('button', { name: 'New audience' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New audience' });
  await dialog.getByLabel('Name*').fill('Active members');
  // The first rule is "Membership status is Active": two of the three.
  await expect(dialog.getByTestId('audience-live-count')).toHaveText('2 members match now');
  const status = (name: string) => dialog.getByRole('checkbox', { name, exact: true });
  await status('Cancelled').check();
  await expect(dialog.getByTestId('audience-live-count')).toHaveText('3 members match now');
  await status('Active').uncheck();
  await expect(dialog.getByTestId('audience-live-count')).toHaveText('1 member matches now');
  await status('Active').check();
  await status('Cancelled').uncheck();
  await dialog.getByRole('button', { name: 'Create audience' }).click();
  await expectToast(page, 'Audience created');

  const table = page.getByRole('table', { name: 'Audiences' });
  const row = table.getByRole('row').filter({ hasText: 'Active members' });
  await expect(row).toContainText('Dynamic');
  await expect(row.getByRole('cell').nth(2)).toHaveText('2');

  // A member who comes to meet the rules is counted without editing the group.
  await addMember(page, 'Di', 'Joiner');
  await page.reload();
  await expect(row.getByRole('cell').nth(2)).toHaveText('3');

  await row.getByRole('link', { name: 'Members of Active members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Active members/ })).toBeVisible();
  await expect(page.getByText('Membership status is Active')).toBeVisible();
  const members = page.getByRole('table', { name: 'Members of Active members' });
  await expect(members.getByRole('row')).toHaveCount(4);
  await expect(members).not.toContainText('Cancelled');
});

test('a manual group is kept by hand from the Members area', async ({ page }) => {
  await signUpAndCreateGym(page);
  await addMember(page, 'Sam', 'Smith');
  await addMember(page, 'Sue', 'Smith');

  await page.goto('/members/groups');
  await expect(page.getByRole('heading', { level: 1, name: 'Member Groups' })).toBeVisible();
  await page.getByRole('button', { name: 'New audience' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New audience' });
  await dialog.getByLabel('Name*').fill('Family Smith');
  await dialog.getByLabel('Kind').selectOption('manual');
  await dialog.getByRole('button', { name: 'Create audience' }).click();
  await expectToast(page, 'Audience created');

  await page.getByRole('link', { name: 'Members of Family Smith' }).click();
  await expect(page.getByText('No members in this group yet.')).toBeVisible();
  for (const name of ['Sam', 'Sue']) {
    await page.getByRole('button', { name: 'Add member' }).click();
    const add = page.getByRole('dialog', { name: 'Add member' });
    await add.getByLabel('Search members').fill(name);
    await add.getByRole('combobox', { name: 'Member' }).click();
    await page.getByRole('option', { name: new RegExp(`^${name} Smith`) }).click();
    await add.getByRole('button', { name: 'Add', exact: true }).click();
    await expectToast(page, 'Member added to the group');
  }
  const members = page.getByRole('table', { name: 'Members of Family Smith' });
  await expect(members.getByRole('row')).toHaveCount(3);
  await page.getByRole('button', { name: 'Remove Sam Smith from the group' }).click();
  await expectToast(page, 'Sam Smith removed from the group');
  await expect(members.getByRole('row')).toHaveCount(2);
  await expect(page.getByText('1 member', { exact: true })).toBeVisible();
});
