import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectToast, signUpAndCreateGym, uniqueEmail } from './support/flows';
import { waitForMail } from './support/smtp';

// docs/product/schedule.md: a recurring class from Add Class, booked full, the waitlist, a
// cancellation that promotes the first waitlisted member (the email arrives over real SMTP,
// sent by the job queue), and check-in from the roster.

interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

async function addMember(page: Page, firstName: string, lastName: string): Promise<Person> {
  const email = uniqueEmail(firstName.toLowerCase());
  const created = await page.request.post('/api/members', {
    data: { firstName, lastName, email, membershipStatus: 'active' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return { id, firstName, lastName, email };
}

/** A Radix select of the form kit: open it, then choose the option. */
async function choose(scope: Locator, label: string, option: string | RegExp): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await scope.page().getByRole('option', { name: option }).click();
}

async function book(page: Page, roster: Locator, person: Person): Promise<void> {
  await roster.getByRole('button', { name: 'Book member' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book member' });
  await dialog.getByLabel('Search members').fill(person.lastName);
  await choose(dialog, 'Member', new RegExp(`${person.firstName} ${person.lastName}`));
  await dialog.getByRole('button', { name: 'Book', exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a recurring class: book it full, waitlist, cancel promotes by email, check in', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAndCreateGym(page, { gymName: `Schedule Gym ${Date.now()}` });
  const ana = await addMember(page, 'Ana', `Alvarez${Date.now() % 10_000}`);
  const ben = await addMember(page, 'Ben', `Brooks${Date.now() % 10_000}`);
  const cleo = await addMember(page, 'Cleo', `Costa${Date.now() % 10_000}`);
  // Tomorrow, in the studio's time zone (the browser's at setup: the runner's, UTC here).
  const tomorrow = new Date(Date.now() + 86_400_000);
  const tomorrowIso = tomorrow.toISOString().slice(0, 10);
  const weekday = tomorrow.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' });

  await test.step('an empty schedule offers Add Class; the class repeats weekly', async () => {
    await page.goto('/schedule');
    await expect(page.getByRole('heading', { name: 'Schedule', exact: true })).toBeVisible();
    await expect(page.getByText('No classes yet')).toBeVisible();
    await page.getByRole('button', { name: 'Add Class' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Class' });
    await dialog.getByLabel('Class Name*').fill('Morning Yoga');
    await dialog.getByLabel('Start Date*').fill(tomorrowIso);
    await dialog.getByLabel('Start Time*').selectOption('07:00');
    await dialog.getByLabel('Duration (minutes)*').fill('60');
    await dialog.getByLabel('Capacity*').fill('2');
    await dialog.getByLabel('Repeat').selectOption('weekly');
    await dialog.getByRole('checkbox', { name: weekday }).check();
    await dialog.getByRole('button', { name: 'Create Class' }).click();
    await expect(dialog).toBeHidden();
  });

  const sheet = page.getByRole('dialog', { name: 'Morning Yoga' });
  const roster = sheet.getByRole('region', { name: 'Roster' });
  await test.step('the session appears in the day view and opens its roster', async () => {
    await page.goto(`/schedule?view=day&date=${tomorrowIso}`);
    const session = page.getByRole('button', { name: /^Morning Yoga, / }).first();
    await expect(session).toContainText('0/2');
    await session.click();
    await expect(sheet).toBeVisible();
    await expect(roster.getByText('No one is booked yet')).toBeVisible();
  });

  await test.step('two members fill it; the third goes on the waitlist', async () => {
    await book(page, roster, ana);
    await expectToast(page, 'Booked');
    await book(page, roster, ben);
    await expectToast(page, 'Booked');
    await book(page, roster, cleo);
    await expectToast(page, 'Added to the waitlist (position 1)');
    await expect(roster.getByRole('list', { name: /Waitlist/ })).toContainText(cleo.lastName);
  });

  await test.step('a cancellation promotes the waitlisted member, who gets an email', async () => {
    const since = Date.now();
    await roster
      .getByRole('button', { name: `Cancel booking of ${ana.firstName} ${ana.lastName}` })
      .click();
    await page
      .getByRole('alertdialog', { name: 'Cancel booking' })
      .getByRole('button', { name: 'Cancel booking' })
      .click();
    await expectToast(page, /Booking cancelled/);
    await expect(roster.getByRole('list', { name: /Booked/ })).toContainText(cleo.lastName);
    const mail = await waitForMail(cleo.email, { since, timeoutMs: 30_000 });
    expect(mail.subject).toMatch(/^You're in: Morning Yoga on /);
  });

  await test.step('check-in from the roster, and undo', async () => {
    const name = `${ben.firstName} ${ben.lastName}`;
    await roster.getByRole('button', { name: `Check in ${name}` }).click();
    await expectToast(page, `${name} checked in`);
    await expect(roster.getByRole('button', { name: `Undo check-in of ${name}` })).toBeVisible();
    // The member dashboard's Activity tab shows the booking as attended.
    await page.goto(`/member/${ben.id}`);
    await page.getByRole('tab', { name: 'Activity' }).click();
    await expect(page.getByText('Morning Yoga').first()).toBeVisible();
    await expect(page.getByText('Attended').first()).toBeVisible();
  });
});
