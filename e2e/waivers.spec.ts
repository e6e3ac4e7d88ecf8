import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { signUpAndCreateGym, uniqueEmail } from './support/flows';
import { signInToPortal } from './support/portal';
import { waitForMail } from './support/smtp';

// docs/product/waivers.md: the studio writes its waiver and requires it to book; a member who
// has not signed is refused with a link to sign, signs with their typed name, books, and
// downloads the signed copy (also emailed over real SMTP).

test('a required waiver: refused booking links to the waiver, the member signs, books and downloads the PDF', async ({
  page,
  browser,
}) => {
  await signUpAndCreateGym(page);
  const { slug, name: studioName } = (await (
    await page.request.get('/api/settings/general')
  ).json()) as { slug: string; name: string };
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post('/api/classes', {
    data: {
      name: 'Waiver Yoga',
      capacity: 8,
      durationMinutes: 60,
      startsOn: tomorrow,
      startTime: '12:00',
    },
  });
  expect(created.status()).toBe(201);
  const email = uniqueEmail('waiver');
  const added = await page.request.post('/api/members', {
    data: { firstName: 'Wren', lastName: 'Waiver', email, membershipStatus: 'active' },
  });
  expect(added.status()).toBe(201);
  const { id: memberId } = (await added.json()) as { id: string };

  // Settings → Waivers: the first version, then the switch.
  await page.goto('/settings?tab=waivers');
  await expect(page.getByText('No waiver yet: write the first version below.')).toBeVisible();
  const form = page.getByRole('form', { name: 'New version' });
  await form.getByLabel('Title').fill('Liability waiver');
  await form.getByLabel('Waiver text').fill('I take part at my own risk.');
  await form.getByRole('button', { name: 'Save new version' }).click();
  await expect(page.getByText(/Version 1, written/)).toBeVisible();
  await page.getByRole('switch', { name: 'Require a signed current version to book' }).click();
  await expect(page.getByText('Booking now needs a signed current waiver')).toBeVisible();
  await expect(
    page.getByRole('switch', { name: 'Require a signed current version to book' }),
  ).toBeChecked();

  const { context, member } = await signInToPortal(browser, slug, studioName, email);
  const yoga = member
    .getByRole('article')
    .filter({ hasText: 'Waiver Yoga' })
    .or(member.getByRole('listitem').filter({ hasText: 'Waiver Yoga' }));
  await yoga.first().getByRole('button', { name: 'Book' }).click();
  await expect(member.getByText(/Sign the studio's waiver/)).toBeVisible();
  await member.getByRole('link', { name: 'Sign the waiver' }).click();
  await expect(member).toHaveURL(new RegExp(`/m/${slug}/waiver`));
  await expect(member.getByRole('heading', { name: 'Liability waiver' })).toBeVisible();
  await member.getByRole('textbox', { name: 'Full name' }).fill('Wren Waiver');
  await member.getByLabel('I have read and agree').check();
  const asked = Date.now();
  await member.getByRole('button', { name: 'Sign waiver' }).click();
  await expect(member.getByText(/You signed version 1 on/)).toBeVisible();

  const downloading = member.waitForEvent('download');
  await member.getByRole('link', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^waiver-v1-.*\.pdf$/);
  const file = await download.path();
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');

  const subject = `Your signed waiver — ${studioName}`;
  const mail = await waitForMail(email, { since: asked - 1000, subject });
  expect(mail.subject).toBe(subject);

  await member.getByRole('link', { name: 'Back to the schedule' }).click();
  await yoga.first().getByRole('button', { name: 'Book' }).click();
  await expect(member.getByText(/Booked: Waiver Yoga/)).toBeVisible();

  // The front desk sees the signature on the member's page.
  await page.goto(`/member/${memberId}`);
  await expect(page.getByText(/signed by Wren Waiver on/)).toBeVisible();
  await expect(
    page.getByRole('link', { name: 'PDF of Liability waiver, version 1' }),
  ).toHaveAttribute('href', /\/api\/members\/.+\/waiver-signatures\/.+\/pdf$/);
  await context.close();
});
