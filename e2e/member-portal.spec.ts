import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signUpAndCreateGym, uniqueEmail } from './support/flows';
import { signInToPortal } from './support/portal';
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

  const { context, member } = await signInToPortal(browser, slug, studioName, email);

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

test('a member cancels their membership online and is emailed its last day', async ({
  page,
  browser,
}) => {
  await signUpAndCreateGym(page);
  const { slug, name: studioName } = (await (
    await page.request.get('/api/settings/general')
  ).json()) as {
    slug: string;
    name: string;
  };
  const plan = await page.request.post('/api/plans', {
    data: {
      name: 'Monthly Unlimited',
      kind: 'membership',
      price: '89.00',
      billingInterval: 'month',
    },
  });
  expect(plan.status()).toBe(201);
  const email = uniqueEmail('leaver');
  const added = await page.request.post('/api/members', {
    data: { firstName: 'Lee', lastName: 'Leaver', email, membershipStatus: 'active' },
  });
  const { id: memberId } = (await added.json()) as { id: string };
  const sold = await page.request.post(`/api/members/${memberId}/memberships`, {
    data: { planId: ((await plan.json()) as { id: string }).id, method: 'cash' },
  });
  expect(sold.status()).toBe(201);

  const { context, member } = await signInToPortal(browser, slug, studioName, email);
  await member.getByRole('link', { name: 'Membership' }).click();
  await expect(member.getByRole('heading', { name: 'Membership' })).toBeVisible();
  await expect(member.getByText('Monthly Unlimited')).toBeVisible();
  await member.getByRole('button', { name: 'Cancel membership' }).click();
  const dialog = member.getByRole('dialog').or(member.getByRole('alertdialog'));
  await expect(dialog).toContainText('the end of the current billing period');
  await dialog.getByLabel('Reason (optional)').fill('Moving to another city');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  const asked = Date.now();
  await dialog.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(member.getByText(/Membership cancelled\. It ends on/)).toBeVisible();
  const mail = await waitForMail(email, { since: asked });
  expect(mail.subject).toMatch(/Your Monthly Unlimited membership ends on/);

  // The front desk sees it on the member: ending, with the member's reason.
  const staff = (await (await page.request.get(`/api/members/${memberId}/memberships`)).json()) as {
    memberships: Array<{ cancelAtPeriodEnd: boolean; cancelReason: string | null }>;
  };
  expect(staff.memberships[0]).toMatchObject({
    cancelAtPeriodEnd: true,
    cancelReason: 'Moving to another city',
  });
  await context.close();
});

test('a member pauses their membership and buys a class pack with the demo card', async ({
  page,
  browser,
}) => {
  await signUpAndCreateGym(page);
  const { slug, name: studioName } = (await (
    await page.request.get('/api/settings/general')
  ).json()) as { slug: string; name: string };
  const plan = await page.request.post('/api/plans', {
    data: { name: 'Monthly Flow', kind: 'membership', price: '79.00', billingInterval: 'month' },
  });
  expect(plan.status()).toBe(201);
  const pack = await page.request.post('/api/plans', {
    data: {
      name: 'Ten Class Pack',
      kind: 'class_pack',
      price: '120.00',
      credits: 10,
      validityDays: 90,
      soldOnline: true,
    },
  });
  expect(pack.status(), await pack.text()).toBe(201);
  const email = uniqueEmail('pauser');
  const added = await page.request.post('/api/members', {
    data: { firstName: 'Paz', lastName: 'Pauser', email, membershipStatus: 'active' },
  });
  const { id: memberId } = (await added.json()) as { id: string };
  const sold = await page.request.post(`/api/members/${memberId}/memberships`, {
    data: { planId: ((await plan.json()) as { id: string }).id, method: 'cash' },
  });
  expect(sold.status()).toBe(201);

  const { context, member } = await signInToPortal(browser, slug, studioName, email);
  await member.getByRole('link', { name: 'Membership' }).click();
  await member.getByRole('button', { name: 'Pause membership' }).click();
  const pauseDialog = member.getByRole('dialog');
  // A booked pause a few days out: the same in any time zone the studio and browser are in.
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  await pauseDialog.getByLabel('First paused day').fill(day(3));
  await pauseDialog.getByLabel('Last paused day').fill(day(12));
  await pauseDialog.getByRole('button', { name: 'Pause membership' }).click();
  await expect(member.getByText(/Monthly Flow is paused from .* and resumes on/)).toBeVisible();
  // The front desk sees the booked pause on the member.
  const staffView = (await (
    await page.request.get(`/api/members/${memberId}/memberships`)
  ).json()) as { memberships: Array<{ pauseStartsOn: string | null }> };
  expect(staffView.memberships[0]!.pauseStartsOn).toBe(day(3));

  await member.getByRole('link', { name: 'Buy' }).click();
  await member
    .getByRole('listitem')
    .filter({ hasText: 'Ten Class Pack' })
    .getByRole('button', { name: 'Buy' })
    .click();
  const buyDialog = member.getByRole('dialog');
  await buyDialog.getByLabel('Use a new card').check();
  await buyDialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await buyDialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await buyDialog.getByLabel('Name on card').fill('Paz Pauser');
  const asked = Date.now();
  await buyDialog.getByRole('button', { name: /^Pay / }).click();
  await expect(
    member.getByText('You bought Ten Class Pack. We sent your receipt by email.'),
  ).toBeVisible();
  // The Membership page lists the pack (its heading, not the announcement naming it).
  await expect(member.getByRole('heading', { name: 'Ten Class Pack' })).toBeVisible();
  // The numbered receipt, its PDF attached (docs/product/money-and-store.md#receipts).
  const receipt = await waitForMail(email, { since: asked, subject: /^Your receipt R-\d{6} — / });
  expect(receipt.text).toContain('Ten Class Pack');
  // The sale is the front desk's: in the member's payments, card ending 4242.
  const payments = await page.request.get(`/api/members/${memberId}/payments`);
  expect(JSON.stringify(await payments.json())).toContain('4242');
  await context.close();
});

/** A website of its own: a local HTTP server whose one page frames `src` (its origin is its own). */
async function websiteFraming(
  src: string,
): Promise<{ origin: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end(
      `<!doctype html><title>Studio website</title><iframe title="Schedule" src="${src}" width="800" height="600"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

test('the public schedule is readable signed out and framed only by the websites the studio lists', async ({
  page,
  browser,
}) => {
  await signUpAndCreateGym(page);
  const { slug } = (await (await page.request.get('/api/settings/general')).json()) as {
    slug: string;
  };
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post('/api/classes', {
    data: {
      name: 'Open Flow',
      capacity: 12,
      durationMinutes: 60,
      startsOn: tomorrow,
      startTime: '09:00',
    },
  });
  expect(created.status()).toBe(201);
  const current = (await (await page.request.get('/api/settings/portal-embed')).json()) as {
    scheduleUrl: string;
  };
  const allowed = await websiteFraming(current.scheduleUrl);
  const other = await websiteFraming(current.scheduleUrl);
  const saved = await page.request.put('/api/settings/portal-embed', {
    data: { origins: [allowed.origin] },
  });
  expect(saved.status()).toBe(200);

  const context = await browser.newContext();
  const visitor = await context.newPage();
  // Signed out: the week, with a way to sign in to book.
  await visitor.goto(`/m/${slug}/schedule`);
  const item = visitor.getByRole('listitem').filter({ hasText: 'Open Flow' });
  await expect(item.getByRole('link', { name: 'Sign in to book' })).toBeVisible();

  // The studio's own website frames it.
  await visitor.goto(`${allowed.origin}/`);
  await expect(
    visitor.frameLocator('iframe[title="Schedule"]').getByText('Open Flow').first(),
  ).toBeVisible();
  // Any other website (another origin): the browser refuses to show it.
  await visitor.goto(`${other.origin}/`);
  await expect(visitor.locator('iframe[title="Schedule"]')).toBeVisible();
  // The page's load waited for its frame: the schedule was refused, Chromium's error page is
  // in its place.
  const framed = visitor.frames().filter((frame) => frame !== visitor.mainFrame());
  expect(framed).toHaveLength(1);
  expect(framed[0]!.url()).not.toBe(current.scheduleUrl);
  expect(await framed[0]!.content()).not.toContain('Open Flow');
  await context.close();
  await allowed.close();
  await other.close();
});
