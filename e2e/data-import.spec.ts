import { expect, test } from '@playwright/test';
import { expectToast, signUpAndCreateGym, uniqueEmail } from './support/flows';

// docs/product/settings-and-help.md, "Data in and out": /members → Import, a CSV with two bad
// rows, the dry run report, the import as a background job, then undo.

test('imports a members CSV with two bad rows, reports them, and undoes the import', async ({
  page,
}) => {
  await signUpAndCreateGym(page);
  const good = [uniqueEmail('imported-a'), uniqueEmail('imported-b')];
  const csv = [
    'First Name,Last Name,Email,Mobile Phone',
    `Imported,Alpha,${good[0]},555-0101`,
    'Broken,Email,not-an-email,',
    `Imported,Beta,${good[1]},`,
    ',Nameless,nameless@example.com,',
  ].join('\r\n');

  await page.goto('/members');
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page).toHaveURL(/\/members\/import$/);
  await page.getByLabel('CSV file').setInputFiles({
    name: 'members.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  // Mindbody-style headers are mapped automatically.
  await expect(page.getByLabel(/^Email/)).toHaveValue('Email');
  await expect(page.getByLabel(/^Phone/)).toHaveValue('Mobile Phone');

  await page.getByRole('button', { name: 'Dry run' }).click();
  const report = page.getByRole('list', { name: 'Rows with errors' });
  await expect(report).toContainText('row 3: email is not valid');
  await expect(report).toContainText('row 5: first name is required');
  await expect(
    page.getByText('4 rows: 2 to create, 0 already there (skipped), 2 with errors.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('4 of 4 rows: 2 created, 0 skipped, 2 with errors.')).toBeVisible();

  const members = await (await page.request.get('/api/members?limit=100')).json();
  const emails = members.items.map((m: { email: string }) => m.email);
  expect(emails).toEqual(expect.arrayContaining(good));
  await expect(page.getByRole('cell', { name: 'members.csv', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Undo import' }).click();
  await expectToast(page, 'Import undone');
  await expect(page.getByRole('heading', { name: 'Import undone' })).toBeVisible();
  await page.goto('/members');
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
  await expect(page.getByText(good[0]!)).toHaveCount(0);
});
