import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expectToast, signOut, signUpAndCreateGym, submitSignIn } from './support/flows';

// docs/product/settings-and-data.md#security: two-factor authentication with a code computed
// here as an authenticator app would, signing other sessions out, and the audit log.

const card = (page: Page, title: string) =>
  page
    .locator('[data-slot="card"]')
    .filter({ has: page.locator('[data-slot="card-title"]', { hasText: title }) });

test('enable two-factor authentication, then sign in with a code from the app', async ({
  page,
}) => {
  const account = await signUpAndCreateGym(page);
  await page.goto('/settings?tab=security');
  const twoFactor = card(page, 'Two-factor authentication');
  await expect(twoFactor.getByText('Off', { exact: true })).toBeVisible();
  await twoFactor.getByLabel('Current password').fill(account.password);
  await twoFactor.getByRole('button', { name: 'Turn on two-factor authentication' }).click();

  const uri = await twoFactor.getByTestId('two-factor-uri').inputValue();
  const totp = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
  await expect(twoFactor.getByTestId('two-factor-secret')).toHaveText(totp.secret.base32);
  await expect(
    twoFactor.getByRole('list', { name: 'Backup codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await twoFactor.getByLabel('Code from the app').fill(totp.generate());
  await twoFactor.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expectToast(page, 'Two-factor authentication is on');
  await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();

  await signOut(page);
  await submitSignIn(page, account.email, account.password);
  const code = page.getByLabel('Two-factor code');
  await expect(code).toBeVisible();
  await code.fill(totp.generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('new backup codes replace the old ones, and a new one signs in', async ({ page }) => {
  const account = await signUpAndCreateGym(page);
  await page.goto('/settings?tab=security');
  const twoFactor = card(page, 'Two-factor authentication');
  await twoFactor.getByLabel('Current password').fill(account.password);
  await twoFactor.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  const totp = OTPAuth.URI.parse(
    await twoFactor.getByTestId('two-factor-uri').inputValue(),
  ) as OTPAuth.TOTP;
  const firstCodes = await twoFactor
    .getByRole('list', { name: 'Backup codes' })
    .getByRole('listitem')
    .allTextContents();
  await twoFactor.getByLabel('Code from the app').fill(totp.generate());
  await twoFactor.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expectToast(page, 'Two-factor authentication is on');

  await twoFactor.getByLabel('Current password').fill(account.password);
  await twoFactor.getByRole('button', { name: 'Get new backup codes' }).click();
  await expectToast(page, 'New backup codes');
  const newCodes = await twoFactor
    .getByRole('list', { name: 'New backup codes' })
    .getByRole('listitem')
    .allTextContents();
  expect(newCodes).toHaveLength(10);
  expect(newCodes.filter((code) => firstCodes.includes(code))).toEqual([]);
  await twoFactor.getByRole('button', { name: 'Done' }).click();

  // An old code is refused; a new one signs in.
  await signOut(page);
  await submitSignIn(page, account.email, account.password);
  await page.getByRole('button', { name: 'Use a backup code' }).click();
  await page.getByLabel('Backup code').fill(firstCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByLabel('Backup code')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/auth/);
  await page.getByLabel('Backup code').fill(newCodes[0]!);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('sign out other sessions: the other browser is signed out', async ({ page, browser }) => {
  const account = await signUpAndCreateGym(page);
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto('/auth');
  await submitSignIn(otherPage, account.email, account.password);
  await expect(otherPage).toHaveURL(/\/dashboard$/);

  await page.goto('/settings?tab=security');
  const sessions = page.getByRole('list', { name: 'Active sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('This device')).toBeVisible();
  await page.getByRole('button', { name: 'Sign out other sessions' }).click();
  await expectToast(page, 'Your other devices are signed out');
  await expect(sessions.getByRole('listitem')).toHaveCount(1);

  await otherPage.goto('/dashboard');
  await expect(otherPage).toHaveURL(/\/auth/);
  await other.close();
});

test('an owner sees their own change in the audit log', async ({ page }) => {
  await signUpAndCreateGym(page);
  const created = await page.request.post('/api/tags', { data: { name: 'Founding members' } });
  expect(created.status()).toBe(201);

  await page.goto('/settings?tab=security');
  const log = page.getByRole('table', { name: 'Audit log' });
  const row = log.getByRole('row').filter({ hasText: 'Created · Tags' });
  await expect(row).toContainText('Founding members');
  await expect(row).toContainText('Casey Trainer');
  await page.getByLabel('Area').selectOption({ label: 'Members' });
  await expect(page.getByText('No changes match these filters.')).toBeVisible();
});
