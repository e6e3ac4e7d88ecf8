import { expect, test, type Locator, type Page } from '@playwright/test';
import { PLATFORM_OWNER } from './support/e2e-env';
import {
  action,
  createGym,
  expectToast,
  signUp,
  signUpAndCreateGym,
  submitSignIn,
  TEST_PASSWORD,
  uniqueEmail,
} from './support/flows';

/** The figure of a stat card, found by its title. */
function statCard(page: Page, title: string): Locator {
  return page.locator('[data-slot="card"]').filter({ has: page.getByText(title, { exact: true }) });
}

function gymDetails(page: Page): Locator {
  return page
    .locator('[data-slot="card"]')
    .filter({ has: page.getByRole('heading', { name: 'Gym Details' }) });
}

test.describe('plan dashboards', () => {
  test('trial gym: figures, recent activity, gym details and tier pages', async ({ page }) => {
    await signUpAndCreateGym(page, { gymName: `Dashboard Gym ${Date.now()}` });
    await expect(page.getByRole('heading', { name: 'Trial Dashboard' })).toBeVisible();
    await expect(page.getByText('No recent activity yet')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Upgrade' })).toBeVisible();
    await expect(statCard(page, 'Monthly Revenue')).toContainText('$0');
    // No fixed percent labels: a studio created today has no previous period to compare with.
    await expect(page.getByTestId('stat-change')).toHaveCount(0);
    // No notifications exist yet: no badge, and the bell says so.
    const bell = page.getByRole('button', { name: 'Notifications', exact: true });
    await expect(bell).toHaveText('');
    await bell.click();
    await expect(page.getByRole('dialog', { name: 'Notifications' })).toContainText(
      'You have no notifications.',
    );
    await page.keyboard.press('Escape');
    await expect(bell).toBeFocused();
    await expect(gymDetails(page)).toContainText('14-Day Free Trial');
    await expect(gymDetails(page)).toContainText('Unlimited');
    await expect(gymDetails(page)).toContainText('Trialing');
    // Owner-only buttons need the platform role owner; a new account is a plain user.
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Settings', exact: true }),
    ).toHaveCount(0);

    const created = await page.request.post('/api/members', {
      data: { firstName: 'Recent', lastName: 'Visitor', email: `recent.${Date.now()}@example.com` },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.post(`/api/members/${id}/visits`)).status()).toBe(201);

    await page.reload();
    const recent = page.getByRole('list', { name: 'Recent activity' });
    await expect(recent.getByText('Recent Visitor')).toBeVisible();
    await expect(recent.getByText('Checked in the gym')).toBeVisible();
    await expect(recent.getByText('RV')).toBeVisible();
    await expect(recent.getByText(/just now|minute/)).toBeVisible();
    await expect(statCard(page, 'Active Today')).toContainText('1');
    await expect(statCard(page, 'Total Members')).toContainText('1');
    // Figures this month, still nothing to compare them with: no percent label.
    await expect(page.getByTestId('stat-change')).toHaveCount(0);

    await page.goto('/dashboard/pro');
    await expect(page.getByRole('heading', { name: 'Pro Dashboard' })).toBeVisible();
    await expect(statCard(page, 'Classes This Week')).toContainText('0');
    await expect(statCard(page, 'Classes This Week')).not.toContainText('+15%');
    for (const [name, href] of [
      ['Add New Member', '/add-member'],
      ['View Schedule', '/schedule'],
      ['View Analytics', '/analytics'],
      ['Marketing Campaigns', '/connect/campaigns'],
    ]) {
      await expect(
        page.getByRole('main').getByRole('link', { name: name!, exact: true }),
      ).toHaveAttribute('href', href!);
    }

    await page.goto('/dashboard/enterprise');
    await expect(page.getByRole('heading', { name: 'Enterprise Dashboard' })).toBeVisible();
    await expect(page.getByText('Support: Priority 24/7')).toBeVisible();
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Manage Staff' }),
    ).toHaveAttribute('href', '/staff');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'Manage Store' }),
    ).toHaveAttribute('href', '/store/products');

    await page.goto('/dashboard/staff');
    await expect(page.getByRole('heading', { name: 'Staff Dashboard' })).toBeVisible();
    await expect(page.getByText('Owner Access')).toBeVisible();
    const staffCard = (title: string) =>
      page
        .locator('[data-slot="card"]')
        .filter({ has: page.locator('[data-slot="card-title"]', { hasText: title }) });
    const tasksCard = staffCard("Today's Tasks");
    // Real tasks (docs/product/connect-and-messaging.md#staff-tasks): none yet, then one added.
    await expect(tasksCard).toContainText('0/0');
    await expect(tasksCard).toContainText('0% complete');
    // The real count of active members (the one added above), not a sample figure.
    await expect(staffCard('Active Members')).toContainText('1');
    await expect(staffCard('Next Class')).toContainText('No classes scheduled');
    await expect(staffCard('Messages')).toContainText('No messages yet');
    await expect(page.getByText('No tasks for today')).toBeVisible();
    const addTask = page.getByRole('form', { name: 'Add task' });
    const tasks = page.getByRole('list', { name: 'Tasks' });
    await addTask.getByLabel('New task*').fill('Welcome new members at the front desk');
    await addTask.getByRole('button', { name: 'Add task' }).click();
    await expect(tasks.getByRole('checkbox')).toHaveCount(1);
    await expect(addTask.getByLabel('New task*')).toHaveValue('');
    await addTask.getByLabel('New task*').fill('Answer membership enquiries');
    await addTask.getByRole('button', { name: 'Add task' }).click();
    await expect(tasks.getByRole('checkbox')).toHaveCount(2);
    await expect(tasksCard).toContainText('0/2');
    await tasks.getByRole('checkbox', { name: 'Answer membership enquiries' }).click();
    await expect(tasksCard).toContainText('1/2');
    await expect(tasksCard).toContainText('50% complete');
    await tasks
      .getByRole('button', { name: /^Priority medium/ })
      .first()
      .click();
    await expect(tasks.getByRole('button', { name: /^Priority high/ })).toHaveCount(1);
    await expect(
      page.getByRole('list', { name: 'Recent activity' }).getByText('Recent Visitor'),
    ).toBeVisible();
    for (const [name, href] of [
      ['View Members', '/members'],
      ['View Schedule', '/schedule'],
      ['Messages', '/communications/messages'],
      ['Add Member', '/add-member'],
    ]) {
      await expect(
        page.getByRole('main').getByRole('link', { name: name!, exact: true }),
      ).toHaveAttribute('href', href!);
    }
    // Saved: a reload keeps the ticks and the priority.
    await page.reload();
    await expect(tasksCard).toContainText('1/2');
    await expect(tasks.getByRole('button', { name: /^Priority high/ })).toHaveCount(1);

    await page.goto('/dashboard/unknown-tier');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Trial Dashboard' })).toBeVisible();
  });

  test('basic gym: members as count/100 and member limit 100', async ({ page }) => {
    await signUp(page);
    await page.getByLabel('Gym Name *').fill(`Basic Gym ${Date.now()}`);
    await page.getByLabel('Starting Plan').selectOption('basic');
    await page.getByRole('button', { name: 'Create Gym Organization' }).click();
    await expectToast(page, 'Your gym organization has been created successfully');
    await expect(page).toHaveURL(/\/dashboard\/basic$/);
    await expect(page.getByRole('heading', { name: 'Basic Dashboard' })).toBeVisible();
    await expect(statCard(page, 'Total Members')).toContainText('0/100');
    await expect(gymDetails(page)).toContainText('Member Limit100');
    await expect(
      page.getByRole('main').getByRole('link', { name: 'View All Members' }),
    ).toHaveAttribute('href', '/members');
    await expect(statCard(page, 'Classes This Week')).toHaveCount(0);
  });

  test('a trainer lands on the staff dashboard and sees no upgrade prompt', async ({
    page,
    browser,
  }) => {
    await signUpAndCreateGym(page, { gymName: `Trainer Gym ${Date.now()}` });
    await expect(page.getByRole('region', { name: 'Upgrade' })).toBeVisible();
    const trainer = { email: uniqueEmail('trainer'), password: TEST_PASSWORD };
    const created = await page.request.post('/api/staff', {
      data: {
        firstName: 'Tess',
        lastName: 'Trainer',
        email: trainer.email,
        password: trainer.password,
        role: 'trainer',
      },
    });
    expect(created.status(), await created.text()).toBe(201);

    const context = await browser.newContext();
    const trainerPage = await context.newPage();
    await trainerPage.goto('/auth');
    await submitSignIn(trainerPage, trainer.email, trainer.password);
    await expect(trainerPage).toHaveURL(/\/dashboard\/staff$/);
    await expect(trainerPage.getByRole('heading', { name: 'Staff Dashboard' })).toBeVisible();
    await expect(trainerPage.getByText('Trainer Access')).toBeVisible();
    // The plan pages stay readable, without plan or upgrade prompts.
    await trainerPage.goto('/dashboard/basic');
    await expect(trainerPage.getByRole('heading', { name: 'Basic Dashboard' })).toBeVisible();
    await expect(trainerPage.getByRole('region', { name: 'Upgrade' })).toHaveCount(0);
    await context.close();
  });

  test('a platform owner sees the owner-only buttons to /owner-portal', async ({ page }) => {
    await page.goto('/auth');
    await submitSignIn(page, PLATFORM_OWNER.email, PLATFORM_OWNER.password);
    // Without a gym the platform owner lands on the owner portal: the plan pages need one.
    await expect(page).toHaveURL(/\/(owner-portal|dashboard)/);
    if (page.url().endsWith('/owner-portal')) {
      await page.goto('/setup');
      await createGym(page, `Owner Gym ${Date.now()}`);
    }
    const main = page.getByRole('main');
    for (const [path, label] of [
      ['/dashboard/basic', 'Settings'],
      ['/dashboard/pro', 'Business Settings'],
      ['/dashboard/enterprise', 'Enterprise Settings'],
    ]) {
      await page.goto(path!);
      await expect(main.getByRole('link', { name: label!, exact: true })).toHaveAttribute(
        'href',
        '/owner-portal',
      );
    }
  });
});

test.describe('studio home at /', () => {
  test('a signed-in studio person gets the home, checks a member in and finds Manage', async ({
    page,
  }) => {
    await signUpAndCreateGym(page, { gymName: `Home Gym ${Date.now()}` });
    const created = await page.request.post('/api/members', {
      data: { firstName: 'Hana', lastName: 'Home', email: uniqueEmail('home') },
    });
    expect(created.status()).toBe(201);

    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(
      page.getByText("Welcome back! Here's what's happening at your gym today."),
    ).toBeVisible();
    await expect(page.getByRole('navigation').first()).toBeVisible();
    await expect(statCard(page, 'Monthly Revenue')).toContainText('$0.00');
    await expect(statCard(page, 'Active Members')).toBeVisible();
    await expect(page.getByText(/4-week trend|Excellent|monthly growth|On track/)).toHaveCount(0);
    await expect(page.getByText('No classes today')).toBeVisible();
    const signups = page.getByRole('list', { name: 'Newest signups' });
    await expect(signups.getByRole('link', { name: 'Hana Home' })).toBeVisible();
    await page.getByRole('tab', { name: 'Expiring Members' }).click();
    await expect(page.getByText('No members expiring soon')).toBeVisible();

    await page.getByRole('button', { name: 'Member Check-in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Member Check-in' });
    await dialog.getByLabel('Search members').fill('Hana');
    await dialog.getByRole('combobox', { name: 'Member*' }).click();
    await page.getByRole('option', { name: /^Hana Home/ }).click();
    await dialog.getByRole('button', { name: 'Check In' }).click();
    await expectToast(page, 'Checked in');
    await expect(dialog).toHaveCount(0);
    await page.goto('/dashboard');
    await expect(
      page.getByRole('list', { name: 'Recent activity' }).getByText('Hana Home'),
    ).toBeVisible();

    // The sidebar's Home is the studio home, not the landing page.
    await page.goto('/members');
    await page.getByRole('link', { name: 'Home', exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

    await page.goto('/manage');
    await expect(page.getByRole('heading', { level: 1, name: 'Manage' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Clients' })).toContainText('1 client');
    await expect(page.getByRole('region', { name: 'Discounts' })).toContainText(
      'No discount codes yet',
    );
    await expect(action(page, 'Back to Dashboard')).toHaveAttribute('href', '/dashboard/staff');
  });
  test('a person chooses, orders and resets their cards; a new studio gets its setup checklist', async ({
    page,
  }) => {
    await signUpAndCreateGym(page, { gymName: `Cards Gym ${Date.now()}` });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const cards = page.getByTestId('home-cards').getByRole('group');
    await expect(cards).toHaveCount(4);

    // A new studio has no logo and no class yet: the owner sees what is left to set up.
    const checklist = page.getByRole('heading', { name: 'Finish setting up your studio' });
    await expect(checklist).toBeVisible();
    await expect(page.getByRole('link', { name: 'Schedule your first class' })).toHaveAttribute(
      'href',
      '/schedule',
    );

    await page.getByRole('button', { name: 'Customize' }).click();
    const dialog = page.getByRole('dialog', { name: 'Customize dashboard' });
    await dialog.getByRole('button', { name: 'Add Low Stock' }).click();
    await dialog.getByRole('button', { name: 'Remove Active Members' }).click();
    // Low Stock, last, carried up two places with the keyboard.
    await dialog.getByRole('button', { name: 'Drag Low Stock' }).focus();
    // Each step waits for what a screen reader hears (the card moves once its place is measured).
    const heard = (text: string | RegExp) => expect(page.getByText(text)).toHaveCount(1);
    await page.keyboard.press('Space');
    await heard(/^(Picked up Low Stock, position 4 of 4|Low Stock moved to position 4 of 4)\.$/);
    await page.keyboard.press('ArrowUp');
    await heard(/^Low Stock moved to position 3 of 4\.$/);
    await page.keyboard.press('ArrowUp');
    await heard(/^Low Stock moved to position 2 of 4\.$/);
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('list', { name: 'Your cards' }).getByRole('listitem')).toHaveText(
      ['Class Bookings', 'Low Stock', 'Bookings vs Capacity', 'Monthly Revenue'],
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Dashboard saved');
    const order = ['Class Bookings', 'Low Stock', 'Bookings vs Capacity', 'Monthly Revenue'];
    await expect(cards).toHaveText(order.map((title) => new RegExp(`^${title}`)));

    // Saved on the server: a reload shows the same cards, and a card opens its screen.
    await page.reload();
    await expect(cards).toHaveText(order.map((title) => new RegExp(`^${title}`)));
    await expect(statCard(page, 'Low Stock')).toContainText('0');
    await page.getByRole('link', { name: 'Low Stock' }).click();
    await expect(page).toHaveURL(/\/store\/inventory$/);

    await page.goto('/');
    await page.getByRole('button', { name: 'Customize' }).click();
    await dialog.getByRole('button', { name: 'Reset' }).click();
    await expectToast(page, 'Dashboard reset to the default cards');
    await expect(cards).toHaveText(
      ['Class Bookings', 'Bookings vs Capacity', 'Active Members', 'Monthly Revenue'].map(
        (title) => new RegExp(`^${title}`),
      ),
    );
  });
});
