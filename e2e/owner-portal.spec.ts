import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { expectToast, signUpAndCreateGym, submitSignIn, uniqueEmail } from './support/flows';
import { PLATFORM_OWNER } from './support/e2e-env';
import { waitForMail } from './support/smtp';

// One scenario in order: the owner (made by the CLI before the server started, see
// support/start-server.mjs) creates a plan and invites someone; the invitee accepts from the
// emailed link; the owner sees them; admins and plain users get their limited views.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now();
const planName = `E2E Studio ${stamp}`;
const invitee = {
  fullName: 'Ivy Invitee',
  email: uniqueEmail('invitee'),
  password: 'Rowing-Machine-58',
};
let ownerContext: BrowserContext;
let owner: Page;
let inviteLink = '';

function tab(page: Page, name: string) {
  return page.getByRole('tab', { name, exact: true });
}

async function openPortalTab(page: Page, name: string) {
  await page.goto('/owner-portal');
  await expect(page.getByRole('heading', { name: 'Owner Portal' })).toBeVisible();
  await tab(page, name).click();
}

async function chooseRole(page: Page, email: string, role: string) {
  await page.getByRole('combobox', { name: `Role for ${email}` }).click();
  await page.getByRole('option', { name: role, exact: true }).click();
}

async function searchUser(page: Page, email: string) {
  await page.getByLabel('Search users').fill(email);
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toHaveCount(1);
  return row;
}

async function freshPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test.beforeAll(async ({ browser }) => {
  ownerContext = await browser.newContext();
  // Copy Link writes to the clipboard; the test reads it back.
  await ownerContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  owner = await ownerContext.newPage();
  await owner.goto('/auth');
  await submitSignIn(owner, PLATFORM_OWNER.email, PLATFORM_OWNER.password);
  // Without a gym the platform owner lands on the portal itself; with one (another spec may have
  // made one), on the studio's dashboard (docs/product/foundation.md#route-guard).
  await expect(owner).toHaveURL(/\/(owner-portal|dashboard)$/);
});

test.afterAll(async () => ownerContext?.close());

test('the owner creates a plan: invalid JSON is refused and kept, the card shows features and saving', async () => {
  await openPortalTab(owner, 'Subscription Plans');
  await expect(owner.getByRole('switch', { name: 'Active' })).toBeChecked();
  await owner.getByLabel('Plan Name').fill(planName);
  await owner.getByLabel('Monthly Price ($)').fill('49.99');
  await owner.getByLabel('Yearly Price ($)').fill('499.99');
  await owner.getByLabel('Features (JSON)').fill('{"max_members": 100,');
  await owner.getByRole('button', { name: 'Create Plan' }).click();
  await expectToast(owner, 'Failed to save plan');
  await expect(owner.getByLabel('Features (JSON)')).toHaveValue('{"max_members": 100,');

  await owner.getByLabel('Features (JSON)').fill('{"max_members": 100, "custom_branding": true}');
  await owner.getByRole('button', { name: 'Create Plan' }).click();
  await expectToast(owner, 'Plan created successfully');
  const card = owner.getByLabel(`Plan ${planName}`);
  await expect(card).toContainText('$49.99/month');
  // 12 × 49.99 − 499.99 = 99.89
  await expect(card).toContainText('$499.99/year (Save $99.89)');
  await expect(card.getByRole('listitem').filter({ hasText: 'max members' })).toContainText('100');
  await expect(card.getByRole('listitem').filter({ hasText: 'custom branding' })).toContainText(
    'Yes',
  );
  await expect(card).not.toContainText('Inactive');
});

test('the owner invites someone with that plan; the email carries the link that Copy Link copies', async ({
  baseURL,
}) => {
  await openPortalTab(owner, 'Invite Users');
  await owner.getByRole('switch', { name: 'Demo Mode' }).click();
  await owner.getByLabel('Recipient Email').fill(invitee.email);
  await owner.getByRole('button', { name: 'Send Invitation Email' }).click();
  await expectToast(owner, 'Please enter your demo email address when demo mode is enabled');
  await owner.getByRole('switch', { name: 'Demo Mode' }).click();

  await owner.getByLabel('Plan (optional)').click();
  await owner.getByRole('option', { name: `${planName} - $49.99/month` }).click();
  const sentAt = Date.now();
  await owner.getByRole('button', { name: 'Send Invitation Email' }).click();
  await expectToast(owner, `Invitation sent successfully to ${invitee.email}`);

  const mail = await waitForMail(invitee.email, { since: sentAt - 1000 });
  const link = mail.text.match(/https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, mail.text).toBeTruthy();
  inviteLink = link ?? '';
  expect(inviteLink.startsWith(`${baseURL}/invite/`)).toBe(true);
  expect(mail.text).toContain(
    `${PLATFORM_OWNER.fullName} invited you to join FitBase with the ${planName} plan`,
  );

  const row = owner.getByRole('row').filter({ hasText: invitee.email });
  await expect(row).toContainText(planName);
  await expect(row).toContainText('pending');
  await row.getByRole('button', { name: 'Copy Link' }).click();
  await expectToast(owner, 'Invitation link copied to clipboard');
  expect(await owner.evaluate(() => navigator.clipboard.readText())).toBe(inviteLink);
});

test('the invitee signs up from the link with the invited email and lands on /setup; the link is then used', async ({
  browser,
}) => {
  const page = await freshPage(browser);
  await page.goto(inviteLink);
  await expect(page.getByRole('heading', { name: "You're invited to FitBase" })).toBeVisible();
  await expect(
    page.getByText(`${PLATFORM_OWNER.fullName} invited you to join FitBase.`),
  ).toBeVisible();
  await expect(page.getByText(`Plan: ${planName} - $49.99/month`)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(invitee.email);
  await expect(page.getByLabel('Email')).not.toBeEditable();
  await page.getByLabel('Full Name').fill(invitee.fullName);
  await page.getByLabel('Password').fill(invitee.password);
  await page.getByRole('button', { name: 'Create Account & Accept' }).click();
  await expectToast(page, `Your ${planName} plan is active.`);
  await expect(page).toHaveURL(/\/setup$/);

  await page.goto(inviteLink);
  await expect(page.getByRole('heading', { name: 'Invitation Already Used' })).toBeVisible();
  await page.context().close();
});

test('the owner sees the new user with the plan in User Management and in Analytics', async () => {
  await openPortalTab(owner, 'User Management');
  const row = await searchUser(owner, invitee.email);
  await expect(row).toContainText(invitee.fullName);
  await expect(row).toContainText(planName);
  await expect(row.getByRole('combobox')).toContainText('user');

  await tab(owner, 'Analytics').click();
  const distribution = owner.getByRole('list', { name: 'Plan Distribution' });
  await expect(distribution.getByRole('listitem').filter({ hasText: planName })).toContainText(
    '1 subscription',
  );
  await expect(owner.getByLabel('Active Subscriptions')).not.toHaveText('0');

  await tab(owner, 'Invite Users').click();
  await expect(owner.getByRole('row').filter({ hasText: invitee.email })).toContainText('accepted');
});

test('owners change roles but never their own; an admin without a gym signs in to the portal but cannot change roles', async ({
  browser,
}) => {
  await openPortalTab(owner, 'User Management');
  await searchUser(owner, PLATFORM_OWNER.email);
  await chooseRole(owner, PLATFORM_OWNER.email, 'user');
  await expectToast(owner, 'You cannot change your own role');
  await expect(
    owner.getByRole('combobox', { name: `Role for ${PLATFORM_OWNER.email}` }),
  ).toContainText('owner');

  await searchUser(owner, invitee.email);
  await chooseRole(owner, invitee.email, 'admin');
  await expectToast(owner, 'User role updated successfully');
  await expect(owner.getByRole('combobox', { name: `Role for ${invitee.email}` })).toContainText(
    'admin',
  );

  // The invitee has no gym of their own: signing in opens the owner portal, tabs and all, never
  // /setup (DECISIONS.md, "The signed-in home and the platform owner").
  const admin = await freshPage(browser);
  await admin.goto('/auth');
  await submitSignIn(admin, invitee.email, invitee.password);
  await expect(admin).toHaveURL(/\/owner-portal$/);
  await expect(admin.getByRole('heading', { name: 'Owner Portal' })).toBeVisible();
  for (const name of [
    'User Management',
    'Subscription Plans',
    'Invite Users',
    'Analytics',
    'Trial Requests',
  ])
    await expect(tab(admin, name)).toBeVisible();
  // Its first tab's data loads for them.
  await expect(admin.getByRole('table', { name: 'User Management' })).toBeVisible();
  // Opened by its address it stays; a studio screen still asks for a gym first.
  await admin.reload();
  await expect(admin.getByRole('heading', { name: 'Owner Portal' })).toBeVisible();
  await expect(admin).toHaveURL(/\/owner-portal$/);
  await admin.goto('/members');
  await expect(admin).toHaveURL(/\/setup$/);
  await openPortalTab(admin, 'User Management');
  await searchUser(admin, PLATFORM_OWNER.email);
  await chooseRole(admin, PLATFORM_OWNER.email, 'user');
  await expectToast(admin, 'Only owners can update user roles');
  await expect(
    admin.locator('[data-sonner-toast]').filter({ hasText: 'Access Denied' }).first(),
  ).toBeVisible();
  await admin.reload();
  await searchUser(admin, PLATFORM_OWNER.email);
  await expect(
    admin.getByRole('combobox', { name: `Role for ${PLATFORM_OWNER.email}` }),
  ).toContainText('owner');
  await admin.context().close();
});

test('a plain user sees Access Denied and no portal data', async ({ browser }) => {
  const page = await freshPage(browser);
  const portalCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/owner-portal/')) portalCalls.push(r.url());
  });
  await signUpAndCreateGym(page, { gymName: `Plain Gym ${stamp}`, email: uniqueEmail('plain') });
  await page.goto('/owner-portal');
  await expect(page.getByRole('heading', { name: 'Access Denied' })).toBeVisible();
  await expect(tab(page, 'User Management')).toHaveCount(0);
  await expect(page.getByText(invitee.email)).toHaveCount(0);
  expect(portalCalls).toEqual([]);
  const api = await page.request.get('/api/owner-portal/users');
  expect(api.status()).toBe(403);
  await page.context().close();
});
