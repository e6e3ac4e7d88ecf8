import { expect, test } from '@playwright/test';
import { expectToast, signUpAndCreateGym } from './support/flows';

// docs/product/connect-and-messaging.md#lead-sources-and-leads: a prospect sends the studio's
// public form at /join/{slug} without signing in; staff see the lead, with its source, in
// /connect/sources, and the source's lead count moves.

test('the public lead form creates a lead staff see with its source count moving', async ({
  page,
  browser,
}) => {
  const gym = await signUpAndCreateGym(page);
  const me = await (await page.request.get('/api/me')).json();
  const slug: string = me.organizations[0].slug;

  await page.goto('/connect/sources');
  await expect(page.getByRole('heading', { level: 1, name: 'Lead Sources' })).toBeVisible();
  await expect(page.getByText('No lead sources yet')).toBeVisible();
  const addSource = page.getByRole('form', { name: 'Add source' });
  await addSource.getByLabel('New source').fill('Instagram');
  await addSource.getByRole('button', { name: 'Add Source' }).click();
  await expectToast(page, 'Instagram added');
  const sources = page.getByRole('list', { name: 'Lead sources' });
  const instagram = sources.getByRole('listitem').filter({ hasText: 'Instagram' });
  await expect(instagram).toContainText('0 leads');
  await expect(page.getByText('No leads found')).toBeVisible();

  // A prospect, signed out, in a browser of their own.
  const visitor = await browser.newContext();
  const form = await visitor.newPage();
  await form.goto(`/join/${slug}`);
  await expect(form.getByRole('heading', { level: 1, name: `Join ${gym.gymName}` })).toBeVisible();
  await form.getByLabel('First Name*').fill('Robin');
  await form.getByLabel('Last Name*').fill('Prospect');
  await form.getByLabel('Email').fill('robin.prospect@example.com');
  await form.getByLabel('How did you hear about us?').selectOption({ label: 'Instagram' });
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('status')).toContainText(
    `Thank you! ${gym.gymName} will be in touch`,
  );
  await visitor.close();

  await page.reload();
  await expect(instagram).toContainText('1 lead');
  const table = page.getByRole('table', { name: 'Leads' });
  const row = table.getByRole('row').filter({ hasText: 'Robin Prospect' });
  await expect(row).toContainText('robin.prospect@example.com');
  await expect(row).toContainText('Instagram');
  await expect(row).toContainText('New');
  await expect(row.getByRole('link', { name: 'Convert Robin Prospect to member' })).toBeVisible();
});
