import { expect, test } from '@playwright/test';
import { signUpAndCreateGym, uniqueEmail } from './support/flows';
import { waitForMail } from './support/smtp';

// docs/product/member-portal.md: a member signs in to their studio's portal with the code read
// from the email that arrived over real SMTP, books a class, and cancels inside the late-cancel
// window: the rule is stated before they confirm and applied as a staff cancel would be.

test('a member signs in with an emailed code, books a class and cancels it late', async ({
  page,
  browser,
}) => {
  await signUpAndCreateGym(page);
  const general = await page.request.get('/api/settings/general');
  expect(general.status()).toBe(200);
  const { slug, name: studioName } = (await general.json()) as { slug: string; name: string };
  // Every class tomorrow is inside a 48-hour late-cancel window.
  const rules = await page.request.get('/api/schedule/settings');
  const saved = await page.request.put('/api/schedule/settings', {
    data: { ...(await rules.json()), lateCancelHours: 48 },
  });
  expect(saved.status()).toBe(200);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post('/api/classes', {
    data: {
      name: 'Portal Yoga',
      capacity: 8,
      durationMinutes: 60,
      startsOn: tomorrow,
      startTime: '12:00',
    },
  });
  expect(created.status()).toBe(201);
  const email = uniqueEmail('portal');
  const added = await page.request.post('/api/members', {
    data: { firstName: 'Pat', lastName: 'Portal', email, membershipStatus: 'active' },
  });
  expect(added.status()).toBe(201);
  const { id: memberId } = (await added.json()) as { id: string };

  // The member, in a browser of their own: no staff session anywhere.
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto(`/m/${slug}`);
  await expect(member.getByRole('heading', { name: `Sign in to ${studioName}` })).toBeVisible();
  const asked = Date.now();
  await member.getByRole('textbox', { name: 'Email' }).fill(email);
  await member.getByRole('button', { name: 'Send code' }).click();
  await expect(
    member.getByText(`If this email belongs to a member of ${studioName}, a code is on its way.`),
  ).toBeVisible();
  const mail = await waitForMail(email, { since: asked - 1000 });
  const code = /(\d{6}) is your/.exec(mail.subject)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await member.getByRole('textbox', { name: 'Code' }).fill(code!);
  await member.getByRole('button', { name: 'Sign in' }).click();
  await expect(member).toHaveURL(new RegExp(`/m/${slug}/schedule`));

  const nextWeek = member.getByRole('button', { name: 'Next week' });
  const yoga = member
    .getByRole('article')
    .filter({ hasText: 'Portal Yoga' })
    .or(member.getByRole('listitem').filter({ hasText: 'Portal Yoga' }));
  await expect(nextWeek).toBeVisible();
  await yoga.first().getByRole('button', { name: 'Book' }).click();
  // The portal's own announcements (a live region), not the staff app's toasts.
  await expect(member.getByText(/Booked: Portal Yoga/)).toBeVisible();

  await member.getByRole('link', { name: 'My bookings' }).click();
  await member.getByRole('button', { name: 'Cancel booking' }).first().click();
  const dialog = member.getByRole('alertdialog').or(member.getByRole('dialog'));
  await expect(dialog).toContainText('Cancelling now is a late cancel');
  await dialog.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(member.getByText('Booking cancelled.')).toBeVisible();
  await expect(member.getByText('No upcoming bookings.')).toBeVisible();

  // The front desk sees what the member did: a late cancel.
  const seen = await page.request.get(`/api/members/${memberId}/bookings`);
  expect(JSON.stringify(await seen.json())).toContain('late_cancelled');
  await context.close();
});
