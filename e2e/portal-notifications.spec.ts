import { expect, test } from '@playwright/test';
import { signUpAndCreateGym, uniqueEmail } from './support/flows';
import { signInToPortal } from './support/portal';

/**
 * The member's `Notifications` on Profile (docs/product/member-portal.md#notifications) in a real
 * browser: the switches are saved at once and kept, and with the portal's service worker in
 * control the page offers `Turn on push notifications` for this device. Subscribing itself needs
 * the browser vendor's push service, which is not reachable here: the server side of push is
 * tested against a local push service (apps/server/src/modules/web-push/web-push.test.ts).
 */
test('a member sets their notification switches and is offered push on this device', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpAndCreateGym(page);
  const { slug, name } = (await (await page.request.get('/api/settings/general')).json()) as {
    slug: string;
    name: string;
  };
  const email = uniqueEmail('push-member');
  const added = await page.request.post('/api/members', {
    data: { firstName: 'Pia', lastName: 'Push', email },
  });
  expect(added.status()).toBe(201);

  const { context, member } = await signInToPortal(browser, slug, name, email);
  await member.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  await member.goto(`/m/${slug}/profile`);
  const section = member.getByRole('region', { name: 'Notifications' });
  await expect(section).toBeVisible();
  const reminders = section.getByRole('group', { name: 'Reminders' });
  const offers = section.getByRole('group', { name: 'News and offers' });
  await expect(offers.getByRole('switch', { name: 'By push' })).toBeDisabled();
  const pushReminders = reminders.getByRole('switch', { name: 'By push' });
  await expect(pushReminders).toBeChecked();
  await pushReminders.click();
  await expect(member.getByText('Preferences saved.')).toBeVisible();
  await expect(pushReminders).not.toBeChecked();
  await expect(section.getByRole('button', { name: 'Turn on push notifications' })).toBeVisible();

  await member.reload();
  await expect(
    member
      .getByRole('region', { name: 'Notifications' })
      .getByRole('group', { name: 'Reminders' })
      .getByRole('switch', { name: 'By push' }),
  ).not.toBeChecked();
  await context.close();
});
