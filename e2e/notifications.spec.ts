import { expect, test } from '@playwright/test';
import { signUpAndCreateGym } from './support/flows';

// docs/product/settings-and-help.md#notifications: the bell shows the person's real unread
// notifications, live over server-sent events. A visitor's lead from the public form reaches
// the owner's bell without a reload; the notification opens the lead; mark all read clears it.

test('a new lead from the public form shows in the bell live and opens the lead', async ({
  page,
  browser,
}) => {
  const gym = await signUpAndCreateGym(page);
  const me = await (await page.request.get('/api/me')).json();
  const slug: string = me.organizations[0].slug;

  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(bell).toHaveText('');

  const visitor = await browser.newContext();
  const form = await visitor.newPage();
  await form.goto(`/join/${slug}`);
  await expect(form.getByRole('heading', { level: 1, name: `Join ${gym.gymName}` })).toBeVisible();
  await form.getByLabel('First Name*').fill('Robin');
  await form.getByLabel('Last Name*').fill('Prospect');
  await form.getByLabel('Email').fill('robin.prospect@example.com');
  await form.getByRole('button', { name: 'Send' }).click();
  await expect(form.getByRole('status')).toContainText(
    `Thank you! ${gym.gymName} will be in touch`,
  );
  await visitor.close();

  // No reload: the realtime `bell` event refetches the owner's list.
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await expect(bell).toHaveText('1');

  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  const item = panel.getByRole('button', { name: /New lead: Robin Prospect/ });
  await expect(item).toContainText('Sent the public lead form (robin.prospect@example.com).');
  await item.click();

  // The notification opens the lead; opening it marked it read.
  await expect(page).toHaveURL(/\/connect\/sources\?lead=/);
  const dialog = page.getByRole('dialog', { name: 'Edit Lead' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('robin.prospect@example.com');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(bell).toHaveText('');
});

test('mark all read clears the badge', async ({ page, browser }) => {
  await signUpAndCreateGym(page);
  const me = await (await page.request.get('/api/me')).json();
  const slug: string = me.organizations[0].slug;
  const visitor = await browser.newContext();
  for (const name of ['Ana', 'Ben']) {
    // The API accepts state changes from its own origin only, as a browser's form sends them.
    const response = await visitor.request.post(`/api/public/join/${slug}`, {
      headers: { origin: new URL(page.url()).origin },
      data: { firstName: name, lastName: 'Visitor', email: `${name.toLowerCase()}@example.com` },
    });
    expect(response.status()).toBe(201);
  }
  await visitor.close();

  await page.goto('/dashboard');
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread');
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('listitem')).toHaveCount(2);
  await panel.getByRole('button', { name: 'Mark all read' }).click();
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(bell).toHaveText('');
  await expect(panel.getByRole('button', { name: 'Mark all read' })).toHaveCount(0);
});
