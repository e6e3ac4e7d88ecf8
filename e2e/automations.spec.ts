import { expect, test } from '@playwright/test';
import { expectToast, signUpAndCreateGym, uniqueEmail } from './support/flows';
import { waitForMail } from './support/smtp';

// docs/product/connect-and-messaging.md#automations: a studio switches on the ready-made Welcome
// series, a member who agreed to marketing joins, and the engine (the real job queue's
// every-minute 'automations.tick' and its 'automations.email' job) sends the welcome email.

test('activate the Welcome series and a new member with consent gets the welcome email', async ({
  page,
  baseURL,
}) => {
  // The engine runs on the queue's minute cron: up to a minute, plus the email job's polling.
  test.setTimeout(180_000);
  const { gymName } = await signUpAndCreateGym(page);
  // Marketing email needs the studio's postal address (set through the API the settings use).
  const address = await page.request.patch('/api/organization/postal-address', {
    headers: { origin: baseURL! },
    data: { postalAddress: '1 Main St, Springfield' },
  });
  expect(address.status()).toBe(200);

  await page.goto('/connect/automations');
  await expect(page.getByRole('heading', { name: 'Automations', level: 1 })).toBeVisible();
  const list = page.getByRole('list', { name: 'Automations' });
  await expect(list.getByText('Welcome series')).toBeVisible();
  await expect(list.getByText('Win-back')).toBeVisible();
  await expect(list.getByText('Birthday', { exact: true })).toBeVisible();
  await expect(list.getByText('Inactive')).toHaveCount(3);
  await page.getByRole('button', { name: 'Activate Welcome series' }).click();
  await expectToast(page, 'Automation activated');
  await expect(page.getByRole('button', { name: 'Deactivate Welcome series' })).toBeVisible();
  await expect(list.getByText('Active', { exact: true })).toHaveCount(1);

  const email = uniqueEmail('welcome');
  await page.goto('/add-member');
  await page.getByLabel('First Name *').fill('Wendy');
  await page.getByLabel('Last Name *').fill('Welcome');
  await page.getByLabel('Email *').fill(email);
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await page.getByLabel('Agrees to receive marketing email (news, offers)').check();
  await page.getByRole('button', { name: 'Create Member Dashboard' }).click();
  await expect(page).toHaveURL(/\/member\/[0-9a-f-]+$/);

  const mail = await waitForMail(email, { timeoutMs: 150_000 });
  expect(mail.subject).toBe(`Welcome to ${gymName}`);
  expect(mail.text).toContain('Hi Wendy');
  expect(mail.text).toContain('1 Main St, Springfield');
  expect(mail.text).toContain('/unsubscribe/');

  // The run log shows her path: the email sent, then the 3-day wait.
  await page.goto('/connect/automations');
  await page.getByRole('button', { name: 'Run log of Welcome series' }).click();
  const log = page.getByRole('dialog', { name: /Run log/ });
  await expect(log.getByRole('cell', { name: 'Wendy Welcome' })).toBeVisible();
  await expect(log.getByText(`Email sent to ${email}`, { exact: false })).toBeVisible();
  await expect(log.getByText('Waiting 3 days')).toBeVisible();
});
