import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';
import { expectToast, signUpAndCreateGym } from './support/flows';

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

// One account with a gym for the whole file: sign-ups are rate-limited. Tests run in order.
let signedIn: StorageState | undefined;
const stamp = Date.now();
const YOGA = `Yoga Unlimited ${stamp}`;
const BJJ = `BJJ Fundamentals ${stamp}`;

interface CreatedMember {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

async function apiCreateMember(
  request: APIRequestContext,
  body: { firstName: string; lastName: string; membershipType?: string },
): Promise<CreatedMember> {
  const email = `${body.firstName}.${body.lastName}.${Date.now()}@example.com`.toLowerCase();
  const response = await request.post('/api/members', { data: { ...body, email } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedMember;
}

function directoryRows(page: Page) {
  return page.getByRole('table', { name: 'Member Directory' }).locator('tbody tr');
}

test.beforeAll(async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signUpAndCreateGym(page, { gymName: `Members Gym ${stamp}` });
  for (const name of [YOGA, BJJ]) {
    const response = await page.request.post('/api/services', { data: { name } });
    expect(response.status(), await response.text()).toBe(201);
  }
  signedIn = await context.storageState();
  await context.close();
});

test.use({
  // Playwright reads fixture dependencies from the destructuring pattern, so it must be `{}`.
  // eslint-disable-next-line no-empty-pattern
  storageState: async ({}, use) => {
    await use(signedIn);
  },
});

test.describe('members', () => {
  test('add a member through the wizard and land on their dashboard', async ({ page }) => {
    await page.goto('/members');
    await expect(page.getByRole('heading', { name: 'Members', exact: true })).toBeVisible();
    await expect(page.getByText('No members yet')).toBeVisible();
    await expect(page.getByText('Add your first member to get started')).toBeVisible();
    await page.getByRole('link', { name: 'Add Member', exact: true }).click();
    await expect(page).toHaveURL(/\/add-member$/);

    const next = page.getByRole('button', { name: 'Next', exact: true });
    await expect(page.getByRole('heading', { name: 'Personal Info' })).toBeVisible();
    await expect(next).toBeDisabled();
    await page.getByLabel('First Name *').fill('Ada');
    await page.getByLabel('Last Name *').fill('Lovelace');
    await expect(next).toBeDisabled();
    const email = `ada.${stamp}@example.com`;
    await page.getByLabel('Email *').fill(email);
    await expect(next).toBeEnabled();

    // Date of birth: a typed date outside 1900-01-01..today is ignored.
    const birth = page.getByLabel('Date of Birth');
    await expect(birth).toHaveAttribute('min', '1900-01-01');
    await birth.fill('1850-01-01');
    await birth.blur();
    await expect(birth).toHaveValue('');
    await birth.fill('1990-05-12');
    await birth.blur();
    await expect(birth).toHaveValue('1990-05-12');
    await page.getByLabel('Gender').selectOption('female');

    // Enter on an earlier step submits nothing.
    await page.getByLabel('Email *').press('Enter');
    await expect(page.getByRole('heading', { name: 'Personal Info' })).toBeVisible();
    await expect(page).toHaveURL(/\/add-member$/);

    await next.click();
    await expect(page.getByRole('heading', { name: 'Address & Emergency' })).toBeVisible();
    await expect(page.getByLabel('Country')).toHaveValue('US');
    await page.getByLabel('City').fill('London');
    await page.getByLabel('Emergency Contact Name').fill('Charles Babbage');
    await page.getByLabel('City').press('Enter');
    await expect(page.getByRole('heading', { name: 'Address & Emergency' })).toBeVisible();

    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByLabel('First Name *')).toHaveValue('Ada');
    await next.click();
    await next.click();
    await expect(page.getByRole('heading', { name: 'Membership & Health' })).toBeVisible();

    const membershipType = page.getByLabel('Membership Type');
    await expect(membershipType.locator('option')).toHaveText([
      'Select membership type',
      BJJ,
      YOGA,
    ]);
    await membershipType.selectOption(BJJ);
    await page.getByLabel('Preferred Workout Time').selectOption('early_morning');
    await page.getByLabel('Experience Level').selectOption('beginner');
    await page.getByRole('checkbox', { name: YOGA }).check();
    await page.getByLabel('Allergies').fill('Peanuts');

    await page.getByRole('button', { name: 'Create Member Dashboard' }).click();
    await expectToast(page, 'Member added successfully - redirecting to their dashboard');
    await expect(page).toHaveURL(/\/member\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByText('May 12, 1990')).toBeVisible();
    await expect(page.getByText('Female')).toBeVisible();

    await page.getByRole('tab', { name: 'Membership' }).click();
    await expect(page.getByText(BJJ)).toBeVisible();
    await expect(page.getByText('Early morning')).toBeVisible();
    await page.getByRole('tab', { name: 'Health & Safety' }).click();
    await expect(page.getByText('Peanuts')).toBeVisible();
    await expect(page.getByText('Charles Babbage')).toBeVisible();

    await page.getByRole('link', { name: 'Back to Members' }).click();
    await expect(page).toHaveURL(/\/members$/);
    await expect(directoryRows(page).filter({ hasText: 'Ada Lovelace' })).toContainText(BJJ);
  });

  test('a duplicate email is refused with the server message', async ({ page }) => {
    const existing = await apiCreateMember(page.request, {
      firstName: 'Dupe',
      lastName: 'Original',
    });
    await page.goto('/add-member');
    await page.getByLabel('First Name *').fill('Dupe');
    await page.getByLabel('Last Name *').fill('Copy');
    await page.getByLabel('Email *').fill(existing.email);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.getByRole('button', { name: 'Create Member Dashboard' }).click();
    await expectToast(page, 'Failed to add member');
    await expect(page).toHaveURL(/\/add-member$/);
    // Back on step 1, with the message under the email, where it can be fixed.
    await expect(page.getByRole('heading', { name: 'Personal Info' })).toBeVisible();
    const email = page.getByLabel('Email *');
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText('A member with this email already exists in your organization').first(),
    ).toBeVisible();

    // What was typed survives a reload of the tab.
    await page.reload();
    await expect(page.getByLabel('Last Name *')).toHaveValue('Copy');
    await expect(page.getByLabel('Email *')).toHaveValue(existing.email);
  });

  test('search and filter the directory', async ({ page }) => {
    const zelda = await apiCreateMember(page.request, {
      firstName: 'Zelda',
      lastName: 'Searchable',
      membershipType: YOGA,
    });
    const quentin = await apiCreateMember(page.request, {
      firstName: 'Quentin',
      lastName: 'Filterby',
      membershipType: BJJ,
    });
    const patch = await page.request.patch(`/api/members/${quentin.id}`, {
      data: { membershipStatus: 'suspended' },
    });
    expect(patch.status()).toBe(200);

    await page.goto('/members');
    await expect(page.getByText('Loading members...')).toHaveCount(0);
    const stats = page.getByRole('region', { name: 'Member statistics' });
    await expect(stats.getByText('Total Members')).toBeVisible();
    await expect(stats.getByText('New This Month')).toBeVisible();
    await expect(directoryRows(page).filter({ hasText: 'Zelda Searchable' })).toBeVisible();
    const quentinRow = directoryRows(page).filter({ hasText: 'Quentin Filterby' });
    await expect(quentinRow.getByText('Suspended')).toBeVisible();
    await expect(quentinRow.getByText(/^Member since /)).toBeVisible();
    await expect(quentinRow.getByRole('link', { name: 'Add payment method' })).toHaveAttribute(
      'href',
      `/member/${quentin.id}/payment`,
    );

    // Case-insensitive substring of the full name.
    const search = page.getByPlaceholder('Search members...');
    await search.fill('DA SEARCH');
    await expect(directoryRows(page)).toHaveCount(1);
    await expect(directoryRows(page).first()).toContainText('Zelda Searchable');
    await search.fill(zelda.email.slice(0, 8));
    await expect(directoryRows(page).filter({ hasText: 'Zelda Searchable' })).toBeVisible();
    await search.fill('no-such-member-xyz');
    await expect(page.getByText('No members found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search terms')).toBeVisible();
    await search.fill('');

    // Filter by status, then by membership type.
    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('menuitemradio', { name: 'Suspended' }).click();
    await expect(directoryRows(page)).toHaveCount(1);
    await expect(directoryRows(page).first()).toContainText('Quentin Filterby');
    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('menuitemradio', { name: 'All statuses' }).click();
    await page.getByRole('button', { name: /^Filter/ }).click();
    await page.getByRole('menuitemradio', { name: YOGA }).click();
    await expect(directoryRows(page)).toHaveCount(1);
    await expect(directoryRows(page).first()).toContainText('Zelda Searchable');

    // The top bar search box opens the palette, whose last item opens the filtered directory.
    await page.getByLabel('Search FitBase').click();
    const palette = page.getByRole('dialog', { name: 'Search FitBase' });
    await palette.getByRole('combobox').fill('quentin');
    await palette.getByRole('option', { name: 'Search members for ‘quentin’' }).click();
    await expect(page).toHaveURL(/\/members\?search=quentin$/);
    await expect(search).toHaveValue('quentin');
    await expect(directoryRows(page)).toHaveCount(1);
    await expect(directoryRows(page).first()).toContainText('Quentin Filterby');
    await directoryRows(page).first().getByRole('link', { name: 'View Quentin Filterby' }).click();
    await expect(page).toHaveURL(new RegExp(`/member/${quentin.id}$`));
  });

  test('edit and check in a member; the visit shows on the dashboard', async ({ page }) => {
    const member = await apiCreateMember(page.request, { firstName: 'Grace', lastName: 'Hopper' });
    await page.goto(`/member/${member.id}`);
    await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();

    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Member' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Phone', { exact: true }).fill('555-0100');
    await dialog.getByLabel('Membership Status').selectOption('inactive');
    await dialog.getByLabel('Last Name *').fill('Hopper-Murray');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Member updated successfully');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Grace Hopper-Murray' })).toBeVisible();
    await expect(page.getByText('Inactive').first()).toBeVisible();
    await expect(page.getByText('555-0100')).toBeVisible();

    await page.getByRole('button', { name: 'Check in', exact: true }).click();
    // An inactive membership: the check-in asks first and says why.
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('inactive');
    await confirm.getByRole('button', { name: 'Check in anyway' }).click();
    await expectToast(page, 'Grace Hopper-Murray checked in');
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page.getByRole('list', { name: 'Visits' }).getByText('Checked in')).toBeVisible();

    await page.goto('/dashboard');
    const recent = page.getByRole('list', { name: 'Recent activity' });
    await expect(recent.getByText('Grace Hopper-Murray')).toBeVisible();
    await expect(recent.getByText('Checked in the gym').first()).toBeVisible();
  });

  test('add a payment method: only the last four digits are sent and listed', async ({ page }) => {
    const member = await apiCreateMember(page.request, { firstName: 'Alan', lastName: 'Turing' });
    await page.goto(`/member/${member.id}`);
    await page.getByRole('link', { name: 'Add Payment Method' }).click();
    await expect(page).toHaveURL(new RegExp(`/member/${member.id}/payment$`));
    // The member page stays on screen until the payment route's chunk has loaded.
    await expect(page.getByRole('heading', { level: 1, name: 'Add Payment Method' })).toBeVisible();
    await expect(page.getByText('Alan Turing')).toBeVisible();
    await expect(page.getByText(member.email)).toBeVisible();
    await expect(
      page.getByText(/This is a demo implementation\. Card numbers are not stored/),
    ).toBeVisible();

    const submit = page.getByRole('button', { name: 'Add Payment Method' });
    await expect(submit).toBeDisabled();
    const cardNumber = page.getByLabel('Card Number *');
    await cardNumber.fill('4242424242424241');
    await expect(cardNumber).toHaveValue('4242 4242 4242 4241');
    await expect(page.getByTestId('card-brand')).toHaveText(/Visa/);
    const months = page.getByLabel('Expiry Month *').locator('option');
    await expect(months).toHaveCount(13);
    const years = page.getByLabel('Expiry Year *').locator('option');
    await expect(years).toHaveCount(21);
    await expect(years.nth(1)).toHaveText(String(new Date().getFullYear()));
    await page.getByLabel('Expiry Month *').selectOption('12');
    await page.getByLabel('Expiry Year *').selectOption(String(new Date().getFullYear() + 2));
    await page.getByLabel('CVC *').fill('12a34567');
    await expect(page.getByLabel('CVC *')).toHaveValue('1234');
    await page.getByLabel('Cardholder Name *').fill('Alan Turing');
    await page.getByLabel('City').fill('Manchester');
    await page.getByLabel('Set as default payment method').check();
    await expect(submit).toBeEnabled();

    // A number failing the Luhn check never leaves the page.
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/payment-methods'))
        posted.push(request.postData() ?? '');
    });
    await submit.click();
    await expect(page.getByText('Enter a valid card number').first()).toBeVisible();
    expect(posted).toHaveLength(0);

    await cardNumber.fill('4242 4242 4242 4242');
    await expect(page.getByTestId('card-brand')).toHaveText(/Visa/);
    await submit.click();
    await expectToast(page, 'Payment method added successfully');
    await expect(page).toHaveURL(new RegExp(`/member/${member.id}$`));

    expect(posted).toHaveLength(1);
    const body = JSON.parse(posted[0]!) as Record<string, unknown>;
    expect(body).toMatchObject({
      cardLastFour: '4242',
      cardBrand: 'visa',
      cardExpMonth: 12,
      isDefault: true,
    });
    expect(posted[0]).not.toContain('4242424242424242');
    expect(posted[0]).not.toContain('4242 4242');
    expect(posted[0]).not.toContain('1234');

    await page.getByRole('tab', { name: 'Payment Methods' }).click();
    const list = page.getByRole('list', { name: 'Payment methods' });
    await expect(list.getByText('•••• 4242')).toBeVisible();
    await expect(list.getByText('Visa')).toBeVisible();
    await expect(list.getByText('Default')).toBeVisible();
    await expect(list).not.toContainText('4242 4242');
  });
});
