import { expect, test, type Locator } from '@playwright/test';
import { expectToast, signUpAndCreateGym, uniqueEmail } from './support/flows';

// docs/product/schedule.md#appointments: a service with a duration, the owner's weekly
// availability set on the Availability tab, and an appointment booked in a free time tomorrow
// that then shows in the day view.

/** A Radix select of the form kit: open it, then choose the option. */
async function choose(scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await scope.page().getByRole('option', { name: option }).click();
}

test('set availability, then book an appointment in a free time and see it in the day', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await signUpAndCreateGym(page, { gymName: `Appointments Gym ${Date.now()}` });
  // Tomorrow, in the studio's time zone (the browser's at setup: the runner's, UTC here).
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  const service = await page.request.post('/api/services', {
    data: { name: 'Personal Training', price: '60.00', durationMinutes: 60 },
  });
  expect(service.status()).toBe(201);
  const lastName = `Ortega${Date.now() % 100_000}`;
  const member = await page.request.post('/api/members', {
    data: {
      firstName: 'Pia',
      lastName,
      email: uniqueEmail('pia'),
      membershipStatus: 'active',
    },
  });
  expect(member.status()).toBe(201);

  await test.step('the owner sets 09:00–17:00 on every weekday', async () => {
    await page.goto('/schedule?tab=availability');
    await expect(
      page.getByRole('heading', { name: `Weekly availability of ${owner.fullName}` }),
    ).toBeVisible();
    await expect(
      page.getByText('No availability set: appointments cannot be booked with this trainer yet.'),
    ).toBeVisible();
    // Each new row takes the next weekday, Monday first, 09:00–17:00.
    for (let day = 0; day < 7; day += 1) {
      await page.getByRole('button', { name: 'Add time' }).click();
    }
    await expect(page.getByRole('group', { name: 'Time 7' }).getByLabel('Weekday')).toHaveValue(
      '0',
    );
    await page.getByRole('button', { name: 'Save Availability' }).click();
    await expectToast(page, 'Availability saved');
    await expect(page.getByRole('term')).toHaveCount(7);
    // The studio is en-US: its hours read the US way.
    await expect(page.getByRole('definition').first()).toHaveText(/^9:00\sAM\s*–\s*5:00\sPM$/);
  });

  await test.step('Book Appointment offers tomorrow’s free times and books one', async () => {
    await page.getByRole('tab', { name: 'Calendar' }).click();
    await page.getByRole('button', { name: 'Book Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book Appointment' });
    await choose(dialog, 'Trainer*', owner.fullName);
    await choose(dialog, 'Service*', 'Personal Training (60 min)');
    await dialog.getByLabel('Date*').fill(tomorrow);
    // The studio is en-US: free times are on its 12-hour clock (ADR 0038); Intl puts thin or
    // narrow spaces around the dash and before AM, which \s matches.
    await choose(dialog, 'Time*', /^10:00\s*\u2013\s*11:00\sAM$/);
    await dialog.getByLabel('Search members').fill(lastName);
    await choose(dialog, 'Member*', new RegExp(`Pia ${lastName}`));
    await dialog.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(dialog).toBeHidden();
    await expectToast(page, 'Appointment booked');
  });

  await test.step('the appointment shows in tomorrow’s day view, booked', async () => {
    await page.goto(`/schedule?view=day&date=${tomorrow}`);
    const session = page.getByRole('button', { name: /^Personal Training, / }).first();
    await expect(session).toContainText(/10:00\s*\u2013\s*11:00\sAM/);
    await expect(session).toContainText('1/1');
    await session.click();
    const sheet = page.getByRole('dialog', { name: 'Personal Training' });
    await expect(sheet.getByText('Appointment', { exact: true })).toBeVisible();
    await expect(sheet.getByRole('region', { name: 'Roster' })).toContainText(lastName);
  });
});
