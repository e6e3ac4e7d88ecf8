import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * Shared steps of the end-to-end suite. Sign-in and sign-up are rate-limited to 20 a minute
 * per address, so specs reuse one account per scenario instead of signing up for every check.
 */

/** A password that passes the length rule and is not on the weak-password list. */
export const TEST_PASSWORD = 'Kettlebell-Swing-42';

let counter = 0;

/** An email address no other test (or earlier run against the same database) has used. */
export function uniqueEmail(prefix = 'e2e'): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.com`;
}

export interface Account {
  fullName: string;
  email: string;
  password: string;
}

/** A button or a link with this accessible name: the pages may render either. */
export function action(scope: Page | Locator, name: string | RegExp): Locator {
  const options = typeof name === 'string' ? { name, exact: true } : { name };
  return scope.getByRole('button', options).or(scope.getByRole('link', options));
}

/** The toast (sonner) whose title or description contains the text. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect(toast(page, text).first()).toBeVisible();
}

/** Form fields of /auth; anchored so the password show/hide toggle never matches. */
export function authFields(page: Page) {
  return {
    fullName: page.getByLabel(/^Full Name( \*)?$/),
    email: page.getByLabel(/^Email( \*)?$/),
    password: page.getByLabel(/^Password( \*)?$/),
  };
}

/** Switch /auth from 'Welcome back' (sign-in) to 'Create account' (sign-up) mode. */
export async function switchToSignUp(page: Page): Promise<void> {
  await expect(page.getByText('Welcome back').first()).toBeVisible();
  await action(page, /Sign up$/).click();
  await expect(page.getByRole('button', { name: 'Create account', exact: true })).toBeVisible();
}

/** Fill and submit the sign-up form; does not wait for the outcome. */
export async function submitSignUp(page: Page, account: Account): Promise<void> {
  await page.goto('/auth');
  await switchToSignUp(page);
  const fields = authFields(page);
  await fields.fullName.fill(account.fullName);
  await fields.email.fill(account.email);
  await fields.password.fill(account.password);
  await page.getByRole('button', { name: 'Create account', exact: true }).click();
}

/** Sign up a new account; a new account has no organization, so the app sends it to /setup. */
export async function signUp(page: Page, overrides: Partial<Account> = {}): Promise<Account> {
  const account: Account = {
    fullName: 'Casey Trainer',
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    ...overrides,
  };
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/auth/sign-up/email'));
  await submitSignUp(page, account);
  const response = await answer;
  if (response.status() === 429) {
    // The whole suite signs up from one address, and sign-up allows 20 a minute per address
    // (a product rule the suite keeps): when a burst of specs used them up, wait as long as the
    // server's Retry-After says, then submit once more.
    const seconds = Number((await response.allHeaders())['retry-after'] ?? '60');
    test.info().setTimeout(test.info().timeout + 70_000);
    await page.waitForTimeout(Math.min(seconds, 60) * 1000 + 500);
    await submitSignUp(page, account);
  }
  await expectToast(page, 'Account created and you are now signed in!');
  await expect(page).toHaveURL(/\/setup$/);
  return account;
}

/** Fill and submit the sign-in form ('Welcome back' mode); does not wait for the outcome. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByText('Welcome back').first()).toBeVisible();
  const fields = authFields(page);
  await fields.email.fill(email);
  await fields.password.fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** On /setup: create the gym on the default trial plan and land on /dashboard. */
export async function createGym(page: Page, gymName: string): Promise<void> {
  await expect(page).toHaveURL(/\/setup$/);
  await expect(page.getByText('Setup Your Gym').first()).toBeVisible();
  await page.getByLabel('Gym Name *').fill(gymName);
  await expect(page.getByLabel('URL Slug *')).not.toHaveValue('');
  await page.getByRole('button', { name: 'Create Gym Organization' }).click();
  await expectToast(page, 'Your gym organization has been created successfully');
  await expect(page).toHaveURL(/\/dashboard$/);
}

export interface GymAccount extends Account {
  gymName: string;
}

export async function signUpAndCreateGym(
  page: Page,
  options: { gymName?: string } & Partial<Account> = {},
): Promise<GymAccount> {
  const { gymName = `E2E Gym ${Date.now()}`, ...overrides } = options;
  const account = await signUp(page, overrides);
  await createGym(page, gymName);
  return { ...account, gymName };
}

/** Sign out through the top bar's account menu. */
export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expectToast(page, 'Signed out');
}
