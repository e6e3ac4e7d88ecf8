import { expect, test } from '@playwright/test';
import { settle, violations, WIDTHS } from './support/axe';
import { signUpAndCreateGym, uniqueEmail } from './support/flows';
import { readMailbox, waitForMail } from './support/smtp';

// docs/product/member-portal.md#join-online: a prospect opens the studio's public schedule,
// follows `Join`, picks a class pack sold online, signs the studio's waiver, pays with the demo
// card and lands in the portal signed in, where they book a class (the waiver being required to
// book, the booking proves the signature). The studio hears of it in the bell and by email.

test('a prospect joins online, signs the waiver and is booked into a class', async ({
  page,
  browser,
}) => {
  const owner = await signUpAndCreateGym(page);
  const general = await page.request.get('/api/settings/general');
  const { slug, name: studioName } = (await general.json()) as { slug: string; name: string };
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post('/api/classes', {
    data: {
      name: 'Join Yoga',
      capacity: 8,
      durationMinutes: 60,
      startsOn: tomorrow,
      startTime: '12:00',
    },
  });
  expect(created.status()).toBe(201);
  const pack = await page.request.post('/api/plans', {
    data: {
      name: 'Intro 3 Pack',
      kind: 'class_pack',
      price: '39.00',
      credits: 3,
      validityDays: 30,
      soldOnline: true,
    },
  });
  expect(pack.status()).toBe(201);
  const waiver = await page.request.post('/api/settings/waivers/versions', {
    data: { title: 'Studio waiver', body: 'I take part in classes at my own risk.' },
  });
  expect(waiver.status()).toBe(201);
  const required = await page.request.put('/api/settings/waivers/settings', {
    data: { requiredToBook: true },
  });
  expect(required.status()).toBe(200);

  // The prospect: a browser of their own, no session anywhere.
  const context = await browser.newContext();
  const prospect = await context.newPage();
  await prospect.goto(`/m/${slug}/schedule`);
  await prospect.getByRole('link', { name: 'Join', exact: true }).click();
  await expect(prospect).toHaveURL(new RegExp(`/m/${slug}/join`));
  await expect(prospect.getByRole('heading', { name: `Join ${studioName}` })).toBeVisible();
  const email = uniqueEmail('joiner');
  await prospect.getByRole('radio', { name: /Intro 3 Pack/ }).check();
  await prospect.getByRole('textbox', { name: 'First name' }).fill('Jamie');
  await prospect.getByRole('textbox', { name: 'Last name' }).fill('Joiner');
  await prospect.getByRole('textbox', { name: 'Email' }).fill(email);
  await prospect.getByRole('textbox', { name: 'Phone' }).fill('555-0199');
  await expect(prospect.getByRole('heading', { name: 'Studio waiver' })).toBeVisible();
  await expect(prospect.getByText('I take part in classes at my own risk.')).toBeVisible();
  await prospect.getByRole('textbox', { name: 'Full name' }).fill('Jamie Joiner');
  await prospect.getByRole('checkbox', { name: 'I have read and agree' }).check();
  await prospect.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await prospect.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/39');
  await prospect.getByRole('textbox', { name: 'Name on card' }).fill('Jamie Joiner');
  await prospect.getByRole('button', { name: 'Join', exact: true }).click();

  // Signed in: the member's own schedule, where they book.
  await expect(prospect).toHaveURL(new RegExp(`/m/${slug}/schedule`));
  await expect(
    prospect.getByText(`Welcome to ${studioName}! You joined with Intro 3 Pack.`),
  ).toBeVisible();
  const yoga = prospect
    .getByRole('article')
    .filter({ hasText: 'Join Yoga' })
    .or(prospect.getByRole('listitem').filter({ hasText: 'Join Yoga' }));
  await yoga.first().getByRole('button', { name: 'Book' }).click();
  await expect(prospect.getByText(/Booked: Join Yoga/)).toBeVisible();

  // The studio: the new member with the pack and the signed waiver, the bell and an email.
  const found = (await (
    await page.request.get(`/api/members?search=${encodeURIComponent(email)}`)
  ).json()) as { items: Array<{ id: string }> };
  expect(found.items).toHaveLength(1);
  const signatures = await page.request.get(`/api/members/${found.items[0]!.id}/waiver-signatures`);
  expect(JSON.stringify(await signatures.json())).toContain('Jamie Joiner');
  const bell = await page.request.get('/api/notifications');
  expect(JSON.stringify(await bell.json())).toContain('Joined online: Jamie Joiner');
  await expect
    .poll(() =>
      readMailbox().some(
        (m) => m.to.includes(owner.email.toLowerCase()) && m.subject.includes('Joined online'),
      ),
    )
    .toBe(true);
  // The signed copy of the waiver reaches the new member.
  await waitForMail(email);
  await context.close();
});

test('the join page has no serious or critical axe violation', async ({ page, browser }) => {
  await signUpAndCreateGym(page);
  const { slug } = (await (await page.request.get('/api/settings/general')).json()) as {
    slug: string;
  };
  const pack = await page.request.post('/api/plans', {
    data: {
      name: 'Intro 3 Pack',
      kind: 'class_pack',
      price: '39.00',
      credits: 3,
      validityDays: 30,
      soldOnline: true,
    },
  });
  expect(pack.status()).toBe(201);
  const waiver = await page.request.post('/api/settings/waivers/versions', {
    data: { title: 'Studio waiver', body: 'I take part in classes at my own risk.' },
  });
  expect(waiver.status()).toBe(201);
  const context = await browser.newContext();
  const prospect = await context.newPage();
  const found: string[] = [];
  for (const width of WIDTHS) {
    await prospect.setViewportSize({ width: width.width, height: width.height });
    await prospect.goto(`/m/${slug}/join`);
    await settle(prospect);
    // The paid offer chosen (card fields shown), then sent empty (field errors shown).
    await prospect.getByRole('radio', { name: /Intro 3 Pack/ }).check();
    await prospect.getByRole('textbox', { name: 'Date of birth' }).fill('2015-01-01');
    found.push(...(await violations(prospect, `/m/{slug}/join at ${width.width}px`)));
    await prospect.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(prospect.getByText('Enter the card number (12 to 19 digits).')).toBeVisible();
    found.push(...(await violations(prospect, `/m/{slug}/join errors at ${width.width}px`)));
  }
  await context.close();
  expect(found, `axe found serious or critical violations:\n${found.join('\n')}`).toEqual([]);
});
