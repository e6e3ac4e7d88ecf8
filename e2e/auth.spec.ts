import { expect, test } from '@playwright/test';
import {
  action,
  authFields,
  expectToast,
  signOut,
  submitSignIn,
  submitSignUp,
  switchToSignUp,
  TEST_PASSWORD,
  uniqueEmail,
} from './support/flows';

test.describe('authentication', () => {
  test('sign up, set up the gym, sign out, wrong password, sign back in', async ({ page }) => {
    const email = uniqueEmail('owner');

    await test.step('sign up lands on /setup', async () => {
      await submitSignUp(page, { fullName: 'Alex Owner', email, password: TEST_PASSWORD });
      await expectToast(page, 'Account created and you are now signed in!');
      await expect(page).toHaveURL(/\/setup$/);
    });

    await test.step('setup creates the gym organization', async () => {
      await expect(page.getByText('Setup Your Gym').first()).toBeVisible();
      await page.getByLabel('Gym Name *').fill('Iron Temple Gym!');
      await expect(page.getByLabel('URL Slug *')).toHaveValue('iron-temple-gym');
      // The trial is the default plan: submit without changing it.
      await page.getByRole('button', { name: 'Create Gym Organization' }).click();
      await expectToast(page, 'Your gym organization has been created successfully');
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByText('Iron Temple Gym!').first()).toBeVisible();
    });

    await test.step('sign out from the account menu', async () => {
      await signOut(page);
    });

    await test.step('a wrong password is refused', async () => {
      await submitSignIn(page, email, 'Not-The-Right-Password-1');
      await expectToast(page, 'Invalid email or password');
      await expect(page).toHaveURL(/\/auth$/);
    });

    await test.step('the right password signs back in', async () => {
      await submitSignIn(page, email, TEST_PASSWORD);
      await expect(page).toHaveURL(/\/dashboard(\/staff)?$/);
      await expect(page).not.toHaveURL(/\/(auth|setup)/);
    });

    await test.step('/auth while signed in offers the dashboard or signing out', async () => {
      await page.goto('/auth');
      await expect(page.getByText(`You are signed in as ${email}`)).toBeVisible();
      await expect(action(page, 'Go to Dashboard')).toBeVisible();
      await expect(action(page, 'Sign out')).toBeVisible();
    });
  });

  test('a well-known weak password is refused at sign-up', async ({ page }) => {
    await submitSignUp(page, {
      fullName: 'Weak Password',
      email: uniqueEmail('weak'),
      password: 'password123',
    });
    await expect(
      page.getByText(/well-known weak password|too easy to guess/i).first(),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('sign-up shows the password rule before typing; a common word with a year is refused in those words', async ({
    page,
  }) => {
    await page.goto('/auth');
    await switchToSignUp(page);
    const password = authFields(page).password;
    await expect(password).toHaveAccessibleDescription(
      /a common word with a year or numbers added/,
    );
    await submitSignUp(page, {
      fullName: 'Casey Coach',
      email: uniqueEmail('coach'),
      password: 'Coach-2026!',
    });
    await expect(password).toHaveAccessibleDescription(
      /a common word with a year added is one of the first things guessed/,
    );
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/well-known weak password/)).toHaveCount(0);
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('the sign-in / sign-up toggle switches the form', async ({ page }) => {
    await page.goto('/auth');
    await expect(authFields(page).fullName).toHaveCount(0);
    await switchToSignUp(page);
    await expect(authFields(page).fullName).toBeVisible();
    await action(page, /Sign in$/).click();
    await expect(page.getByText('Welcome back').first()).toBeVisible();
    await expect(authFields(page).fullName).toHaveCount(0);
  });

  test('/auth with a token goes to the staff invitation page', async ({ page }) => {
    // The invitation page may send an unknown token back to /auth, so catch the redirect itself.
    const redirected = page.waitForURL(/\/accept-staff-invitation\?token=abc$/, {
      waitUntil: 'commit',
    });
    await page.goto('/auth?token=abc');
    await redirected;
  });
});
