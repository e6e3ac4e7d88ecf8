import { expect, test, type BrowserContextOptions } from '@playwright/test';
import { signUpAndCreateGym } from './support/flows';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

// At 390 px (a phone) the Member Directory used to cut its table after Contact: Status, View and
// the payment button were out of reach. Each member is now a card with every column and action.
const PHONE = { width: 390, height: 844 };
const stamp = Date.now();
const SERVICE = `Mobility ${stamp}`;
const MEMBERS = [
  { firstName: 'Grace', lastName: 'Hopper', membershipType: SERVICE },
  { firstName: 'Alan', lastName: 'Turing' },
];

let signedIn: StorageState | undefined;
const memberIds = new Map<string, string>();

test.beforeAll(async ({ browser }) => {
  // Signed up at desktop width: this file is about the directory, not the sign-up form.
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpAndCreateGym(page, { gymName: `Phone Gym ${stamp}` });
  const service = await page.request.post('/api/services', { data: { name: SERVICE } });
  expect(service.status(), await service.text()).toBe(201);
  for (const member of MEMBERS) {
    const email = `${member.firstName}.${stamp}@example.com`.toLowerCase();
    const response = await page.request.post('/api/members', { data: { ...member, email } });
    expect(response.status(), await response.text()).toBe(201);
    memberIds.set(member.firstName, ((await response.json()) as { id: string }).id);
  }
  signedIn = await context.storageState();
  await context.close();
});

test.use({
  viewport: PHONE,
  // Playwright reads fixture dependencies from the destructuring pattern, so it must be `{}`.
  // eslint-disable-next-line no-empty-pattern
  storageState: async ({}, use) => {
    await use(signedIn);
  },
});

test('the member directory shows every column and action of each member at 390 px', async ({
  page,
}) => {
  await page.goto('/members');
  const directory = page.getByRole('list', { name: 'Member Directory' });
  await expect(directory).toBeVisible();
  await expect(page.getByRole('table', { name: 'Member Directory' })).toHaveCount(0);

  const grace = directory.getByRole('listitem').filter({ hasText: 'Grace Hopper' });
  await expect(grace).toBeVisible();
  for (const label of ['Contact', 'Membership', 'Status'])
    await expect(grace.getByText(label, { exact: true })).toBeVisible();
  await expect(grace.getByText(`grace.${stamp}@example.com`)).toBeVisible();
  await expect(grace.getByText(SERVICE)).toBeVisible();
  await expect(grace.getByText('Active', { exact: true })).toBeVisible();
  const alan = directory.getByRole('listitem').filter({ hasText: 'Alan Turing' });
  await expect(alan.getByText('Not specified')).toBeVisible();

  // Nothing is pushed past the right edge: the page never scrolls sideways.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);

  const view = grace.getByRole('link', { name: 'View Grace Hopper' });
  const payment = grace.getByRole('link', { name: 'Add payment method' });
  for (const action of [view, payment]) {
    await action.scrollIntoViewIfNeeded();
    await expect(action).toBeInViewport();
  }
  await payment.click();
  await expect(page).toHaveURL(new RegExp(`/member/${memberIds.get('Grace')}/payment$`));

  await page.goBack();
  await directory
    .getByRole('listitem')
    .filter({ hasText: 'Alan Turing' })
    .getByRole('link', { name: 'View Alan Turing' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/member/${memberIds.get('Alan')}$`));
});

test('the column menu hides a column from the cards too', async ({ page }) => {
  await page.goto('/members');
  const grace = page
    .getByRole('list', { name: 'Member Directory' })
    .getByRole('listitem')
    .filter({ hasText: 'Grace Hopper' });
  await expect(grace.getByText('Membership', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('menuitemcheckbox', { name: 'Membership' }).click();
  await page.keyboard.press('Escape');
  await expect(grace.getByText('Membership', { exact: true })).toHaveCount(0);
  await expect(grace.getByText('Active', { exact: true })).toBeVisible();
});
