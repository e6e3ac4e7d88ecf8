import {
  expect,
  test,
  type Browser,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import {
  expectToast,
  signUp,
  signUpAndCreateGym,
  submitSignIn,
  uniqueEmail,
  type GymAccount,
} from './support/flows';
import { waitForMail } from './support/smtp';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

// One owner for the whole file (sign-ups and sign-ins are rate-limited); tests run in order.
let owner: GymAccount;
let ownerState: StorageState;
const STAFF_PASSWORD = 'Barbell-Complex-31';
const stamp = Date.now();
const coach = {
  firstName: 'Casey',
  lastName: `Coach ${stamp}`,
  email: uniqueEmail('coach'),
  department: 'Coaching',
};

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  owner = await signUpAndCreateGym(page, { gymName: `Staff Gym ${stamp}` });
  ownerState = await context.storageState();
  await context.close();
});

async function ownerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: ownerState });
  return context.newPage();
}

function statCard(page: Page, title: string): Locator {
  return page.getByRole('group', { name: title });
}

/** The figure of a stat card once the list has loaded (the card shows '–' while loading). */
async function statValue(page: Page, title: string): Promise<number> {
  const value = statCard(page, title).getByTestId('stat-value');
  await expect(value).toHaveText(/^\d+$/);
  return Number(await value.textContent());
}

async function expectStat(page: Page, title: string, value: number): Promise<void> {
  await expect(statCard(page, title).getByTestId('stat-value')).toHaveText(String(value));
}

function staffRow(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'Staff Members' }).getByRole('listitem', { name });
}

async function createStaffAccount(
  page: Page,
  person: { firstName: string; lastName: string; email: string; department?: string },
  role: 'staff' | 'trainer' | 'admin',
): Promise<void> {
  await page.getByRole('button', { name: 'Add Staff Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Staff Account' });
  await dialog.getByLabel('First Name *').fill(person.firstName);
  await dialog.getByLabel('Last Name *').fill(person.lastName);
  await dialog.getByLabel('Email *').fill(person.email);
  if (person.department) await dialog.getByLabel('Department').fill(person.department);
  await dialog.getByLabel('Password *', { exact: true }).fill(STAFF_PASSWORD);
  await dialog.getByLabel('Confirm Password *').fill(STAFF_PASSWORD);
  await dialog.getByLabel('Role').selectOption(role);
  await dialog.getByRole('button', { name: 'Create Staff Account' }).click();
  await expectToast(
    page,
    `Staff account created for ${person.firstName} ${person.lastName}. They can sign in at`,
  );
  await expect(dialog).toBeHidden();
}

test('an owner creates a staff account; the new person signs in and sees their access on the staff dashboard', async ({
  browser,
  baseURL,
}) => {
  const page = await ownerPage(browser);
  await page.goto('/staff');
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  await expect(page.getByText('No staff members yet')).toBeVisible();
  expect(await statValue(page, 'Total Staff')).toBe(0);
  await expect(page.getByText('Team Directory')).toBeVisible();

  // The form's own checks, with the spec's messages.
  await page.getByRole('button', { name: 'Add Staff Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Staff Account' });
  await dialog.getByRole('button', { name: 'Create Staff Account' }).click();
  await expectToast(page, 'Please fill in all required fields including password');
  await dialog.getByLabel('First Name *').fill(coach.firstName);
  await dialog.getByLabel('Last Name *').fill(coach.lastName);
  await dialog.getByLabel('Email *').fill(coach.email);
  await dialog.getByLabel('Password *', { exact: true }).fill('abc12');
  await dialog.getByLabel('Confirm Password *').fill('abc13');
  await dialog.getByRole('button', { name: 'Create Staff Account' }).click();
  await expectToast(page, "Passwords don't match");
  await dialog.getByLabel('Confirm Password *').fill('abc12');
  await dialog.getByRole('button', { name: 'Create Staff Account' }).click();
  await expectToast(page, 'Password must be at least 6 characters long');
  await page.keyboard.press('Escape');

  const sentAt = Date.now();
  await createStaffAccount(page, coach, 'trainer');
  const mail = await waitForMail(coach.email, { since: sentAt - 1000 });
  expect(mail.subject).toBe(`Your FitBase staff account at ${owner.gymName}`);
  expect(mail.text).toContain(`You can sign in at ${baseURL}/auth`);
  expect(mail.html).toContain(`href="${baseURL}/auth"`);
  const row = staffRow(page, `${coach.firstName} ${coach.lastName}`);
  await expect(row).toContainText(coach.email);
  await expect(row).toContainText('Coaching');
  await expect(row).toContainText('Trainer');
  await expect(row).toContainText('Active');
  await expectStat(page, 'Total Staff', 1);
  await expectStat(page, 'Trainers', 1);
  // Nobody teaches a class today: 0 on duty, not half the team.
  await expect(statCard(page, 'On Duty Today').getByTestId('stat-value')).toHaveText('0');
  await expect(statCard(page, 'On Duty Today')).toContainText(
    'Teaching a class or appointment today',
  );

  // The same email twice is refused with the server's clear message.
  await createStaffAccountExpectingError(
    page,
    coach.email,
    `${coach.email} is already a member of this organization.`,
  );
  await page.context().close();

  const fresh = await browser.newContext();
  const staffPage = await fresh.newPage();
  await staffPage.goto('/auth');
  await submitSignIn(staffPage, coach.email, STAFF_PASSWORD);
  // A trainer lands on their own dashboard (/dashboard sends staff and trainers there).
  await expect(staffPage).toHaveURL(/\/dashboard\/staff$/);
  await expect(staffPage.getByRole('heading', { name: 'Staff Dashboard' })).toBeVisible();
  await expect(staffPage.getByText('Trainer Access')).toBeVisible();

  // A trainer sees the team but cannot manage it.
  await staffPage.goto('/staff');
  await expect(staffRow(staffPage, `${coach.firstName} ${coach.lastName}`)).toBeVisible();
  await expect(staffPage.getByRole('button', { name: 'Add Staff Member' })).toHaveCount(0);
  await expect(staffPage.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await fresh.close();
});

async function createStaffAccountExpectingError(
  page: Page,
  email: string,
  message: string,
): Promise<void> {
  await page.getByRole('button', { name: 'Add Staff Member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Staff Account' });
  await dialog.getByLabel('First Name *').fill('Again');
  await dialog.getByLabel('Last Name *').fill('Person');
  await dialog.getByLabel('Email *').fill(email);
  await dialog.getByLabel('Password *', { exact: true }).fill(STAFF_PASSWORD);
  await dialog.getByLabel('Confirm Password *').fill(STAFF_PASSWORD);
  await dialog.getByRole('button', { name: 'Create Staff Account' }).click();
  await expectToast(page, message);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

test('a second browser on /staff sees staff changes without reloading', async ({ browser }) => {
  const editor = await ownerPage(browser);
  const watcher = await ownerPage(browser);
  await editor.goto('/staff');
  await watcher.goto('/staff');
  // Relative figures: this test does not depend on what the previous one created.
  const total = await statValue(watcher, 'Total Staff');
  const trainers = await statValue(watcher, 'Trainers');
  let navigations = 0;
  watcher.on('framenavigated', () => navigations++);

  const desk = {
    firstName: 'Dana',
    lastName: `Desk ${stamp}`,
    email: uniqueEmail('desk'),
    department: 'Front Desk',
  };
  const name = `${desk.firstName} ${desk.lastName}`;
  await createStaffAccount(editor, desk, 'staff');
  await expect(staffRow(watcher, name)).toContainText('Staff');
  await expectStat(watcher, 'Total Staff', total + 1);

  await staffRow(editor, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await editor.getByRole('menuitem', { name: 'Edit' }).click();
  const dialog = editor.getByRole('dialog', { name: 'Edit Staff Invitation' });
  await expect(dialog.getByLabel('Email *')).toHaveValue(desk.email);
  await dialog.getByLabel('Role').selectOption('trainer');
  await dialog.getByLabel('Department').fill('Personal Training');
  await dialog.getByRole('button', { name: 'Update Staff Member' }).click();
  await expectToast(editor, 'Staff member updated successfully');
  await expect(staffRow(watcher, name)).toContainText('Personal Training');
  await expect(staffRow(watcher, name)).toContainText('Trainer');
  await expectStat(watcher, 'Trainers', trainers + 1);

  await staffRow(editor, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await editor.getByRole('menuitem', { name: 'Remove Staff Member' }).click();
  await editor.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expectToast(editor, 'Staff member removed successfully');
  await expect(staffRow(watcher, name)).toHaveCount(0);
  await expectStat(watcher, 'Total Staff', total);
  expect(navigations).toBe(0);
  await editor.context().close();
  await watcher.context().close();
});

test('the owner resends an invitation; the emailed link, opened in a fresh browser, accepts and lands on the staff dashboard', async ({
  browser,
}) => {
  const owner_ = await ownerPage(browser);
  // Its own staff member, so this test stands alone.
  const invitee = {
    firstName: 'Ivy',
    lastName: `Instructor ${stamp}`,
    email: uniqueEmail('ivy'),
    department: 'Yoga',
  };
  const created = await owner_.request.post('/api/staff', {
    data: { ...invitee, role: 'admin', password: STAFF_PASSWORD },
  });
  expect(created.status(), await created.text()).toBe(201);
  const name = `${invitee.firstName} ${invitee.lastName}`;
  await owner_.goto('/staff');
  const sentAt = Date.now();
  await staffRow(owner_, name)
    .getByRole('button', { name: `Actions for ${name}` })
    .click();
  await owner_.getByRole('menuitem', { name: 'Resend' }).click();
  await expectToast(owner_, `Invitation resent to ${name}`);
  await owner_.context().close();

  const mail = await waitForMail(invitee.email, { since: sentAt - 1000 });
  expect(mail.subject).toBe(`You're invited to join ${owner.gymName} on FitBase`);
  const link = mail.text.match(
    /https?:\/\/\S+\/accept-staff-invitation\?token=[A-Za-z0-9_-]{43}/,
  )?.[0];
  expect(link, mail.text).toBeTruthy();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: `Join ${owner.gymName}` })).toBeVisible();
  await expect(page.getByText("You've been invited to join as a admin")).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue(name);
  await expect(page.getByLabel('Full Name')).not.toBeEditable();
  await expect(page.getByLabel('Email')).toHaveValue(invitee.email);
  await expect(page.getByLabel('Department')).toHaveValue('Yoga');
  // The account exists (Create Staff Account made it): its own password accepts.
  await page.getByLabel('Password *').fill('Wrong-Password-99');
  await page.getByRole('button', { name: 'Sign In & Accept Invitation' }).click();
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: /invalid email or password/i })
      .first(),
  ).toBeVisible();
  await page.getByLabel('Password *').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign In & Accept Invitation' }).click();
  await expectToast(page, 'Welcome to the team!');
  await expect(page).toHaveURL(/\/dashboard\/staff$/);
  await expect(page.getByText('Admin Access')).toBeVisible();

  // Used once: the same link is now invalid.
  await page.goto(link!);
  await expectToast(page, 'This invitation link is invalid or has expired.');
  await expect(page).toHaveURL(/\/auth$/);
  await context.close();
});

test('adding someone who already has an account invites them: the same answer, no membership until they accept, their own name kept', async ({
  browser,
}) => {
  // Someone with a FitBase account of their own (signed up, no studio yet).
  const personContext = await browser.newContext();
  const personPage = await personContext.newPage();
  const person = await signUp(personPage, { fullName: `Robin Own ${stamp}` });

  const owner_ = await ownerPage(browser);
  await owner_.goto('/staff');
  const sentAt = Date.now();
  // The studio's own name for them; the dialog answers exactly as for a new person.
  const label = { firstName: 'Studio', lastName: `Label ${stamp}`, email: person.email };
  await createStaffAccount(owner_, label, 'trainer');
  await expect(staffRow(owner_, `${label.firstName} ${label.lastName}`)).toHaveCount(0);
  await expect(owner_.getByRole('list', { name: 'Staff Members' })).not.toContainText(person.email);

  const mail = await waitForMail(person.email, { since: sentAt - 1000 });
  expect(mail.subject).toBe(`You're invited to join ${owner.gymName} on FitBase`);
  const link = mail.text.match(
    /https?:\/\/\S+\/accept-staff-invitation\?token=[A-Za-z0-9_-]{43}/,
  )?.[0];
  expect(link, mail.text).toBeTruthy();
  await personPage.goto(link!);
  await expect(personPage.getByText(`You are signed in as ${person.email}.`)).toBeVisible();
  await personPage.getByRole('button', { name: 'Accept Invitation', exact: true }).click();
  await expectToast(personPage, 'Welcome to the team!');

  // Now on the team under the studio's name; their own account name is unchanged.
  await owner_.reload();
  await expect(staffRow(owner_, `${label.firstName} ${label.lastName}`)).toContainText('Trainer');
  const me = await personPage.request.get('/api/me');
  expect((await me.json()).user.fullName).toBe(person.fullName);
  await owner_.context().close();
  await personContext.close();
});

test('an unknown or missing invitation token goes to /auth', async ({ page }) => {
  await page.goto('/accept-staff-invitation?token=not-a-real-token');
  await expectToast(page, 'Invalid Invitation');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/accept-staff-invitation');
  await expect(page).toHaveURL(/\/auth$/);
});
