import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectToast, signUpAndCreateGym, uniqueEmail } from './support/flows';

// docs/product/money-and-store.md, through the screens a studio uses: a class pack made on the
// Services screen and sold on the member's Membership tab, a class booked from the schedule
// spends one credit, a store sale with a discount code paid by the card on file (demo provider)
// lowers stock and raises Monthly Revenue, and a card ending 0002 is declined with the failed
// payment on record. Setup that is not the point (the member, a service, a class) goes through
// the API.

interface Person {
  id: string;
  firstName: string;
  lastName: string;
}

async function addMember(page: Page, firstName: string, lastName: string): Promise<Person> {
  const created = await page.request.post('/api/members', {
    data: { firstName, lastName, email: uniqueEmail(firstName.toLowerCase()) },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  return { id, firstName, lastName };
}

/** Add Payment Method from the member dashboard: the demo form keeps only the last four digits. */
async function addCard(page: Page, person: Person, number: string, isDefault: boolean) {
  await page.goto(`/member/${person.id}`);
  await page.getByRole('link', { name: 'Add Payment Method' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add Payment Method' })).toBeVisible();
  await page.getByLabel('Card Number *').fill(number);
  await page.getByLabel('Expiry Month *').selectOption('12');
  await page.getByLabel('Expiry Year *').selectOption(String(new Date().getFullYear() + 2));
  await page.getByLabel('CVC *').fill('123');
  await page.getByLabel('Cardholder Name *').fill(`${person.firstName} ${person.lastName}`);
  if (isDefault) await page.getByLabel('Set as default payment method').check();
  await page.getByRole('button', { name: 'Add Payment Method' }).click();
  await expectToast(page, 'Payment method added successfully');
  await expect(page).toHaveURL(new RegExp(`/member/${person.id}$`));
}

/** A native select's option whose label contains the text (card labels carry brand and expiry). */
async function selectContaining(select: Locator, text: string): Promise<void> {
  const option = select.locator('option').filter({ hasText: text });
  await expect(option).toHaveCount(1);
  await select.selectOption((await option.getAttribute('value')) ?? '');
}

function monthlyRevenue(page: Page): Locator {
  return page.getByRole('group', { name: 'Monthly Revenue' }).getByTestId('stat-value');
}

/** The studio home's Monthly Revenue card reads this amount. */
async function expectRevenue(page: Page, amount: string): Promise<void> {
  await page.goto('/');
  await expect(monthlyRevenue(page)).toHaveText(amount);
}

/** New Sale on /store/orders up to the payment: the member, the products, the code. */
async function startSale(page: Page, person: Person, product: string, quantity: number) {
  await page.goto('/store/orders');
  await page.getByRole('button', { name: 'New Sale' }).first().click();
  const sale = page.getByRole('dialog', { name: 'New Sale' });
  await sale.getByLabel('Search members').fill(person.lastName);
  await sale.getByRole('combobox', { name: 'Member' }).click();
  await page
    .getByRole('option', { name: new RegExp(`${person.firstName} ${person.lastName}`) })
    .click();
  await sale.getByRole('button', { name: `Add ${product}` }).click();
  await sale.getByLabel(`Quantity of ${product}`).fill(String(quantity));
  return sale;
}

test('sell a class pack, spend a credit, sell with a discount by card, a declined card', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAndCreateGym(page, { gymName: `Money Gym ${Date.now()}` });
  const mia = await addMember(page, 'Mia', `Moneypenny${Date.now() % 10_000}`);
  const service = await page.request.post('/api/services', {
    data: { name: 'Yoga', durationMinutes: 60 },
  });
  expect(service.status()).toBe(201);
  // Tomorrow, in the studio's time zone (the browser's at setup: the runner's, UTC here).
  const tomorrowIso = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const yogaClass = await page.request.post('/api/classes', {
    data: {
      name: 'Morning Yoga',
      capacity: 10,
      durationMinutes: 60,
      startsOn: tomorrowIso,
      startTime: '07:00',
    },
  });
  expect(yogaClass.status()).toBe(201);

  await test.step('a new studio has no revenue', async () => {
    await expectRevenue(page, '$0.00');
  });

  await test.step('the owner adds a class pack beside its service', async () => {
    await page.goto('/services');
    await page.getByRole('button', { name: 'Add Plan to Yoga' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Plan' });
    await dialog.getByLabel('Plan Name*', { exact: true }).fill('10-Class Pack');
    await dialog.getByLabel('Plan Type*', { exact: true }).selectOption('class_pack');
    await dialog.getByLabel('Price ($)*', { exact: true }).fill('150.00');
    await dialog.getByLabel('Credits*', { exact: true }).fill('10');
    await dialog.getByLabel('Valid for (days)*', { exact: true }).fill('90');
    await dialog.getByRole('button', { name: 'Create Plan' }).click();
    await expectToast(page, 'Plan created');
    await expect(dialog).toBeHidden();
    const plans = page.getByRole('list', { name: 'Plans of Yoga' });
    await expect(plans.getByRole('listitem', { name: '10-Class Pack' })).toContainText('$150.00');
  });

  const membership = page
    .getByRole('region', { name: 'Current memberships' })
    .getByRole('listitem', { name: '10-Class Pack' });
  await test.step('the pack is sold on the Membership tab, paid in cash', async () => {
    await page.goto(`/member/${mia.id}`);
    await page.getByRole('tab', { name: 'Membership' }).click();
    await expect(page.getByText('No memberships yet.')).toBeVisible();
    await page.getByRole('button', { name: 'Sell Plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sell Plan' });
    await selectContaining(dialog.getByLabel('Plan*', { exact: true }), '10-Class Pack');
    await dialog.getByLabel('Payment*', { exact: true }).selectOption('cash');
    await expect(dialog.getByRole('definition').last()).toHaveText('$150.00');
    await dialog.getByRole('button', { name: 'Sell Plan' }).click();
    await expectToast(page, 'Plan sold');
    await expect(dialog).toBeHidden();
    await expect(membership).toContainText('Active');
    await expect(membership).toContainText('Credits remaining:10');
  });

  await test.step('booking a class spends one credit', async () => {
    await page.goto(`/schedule?view=day&date=${tomorrowIso}`);
    await page
      .getByRole('button', { name: /^Morning Yoga, / })
      .first()
      .click();
    const roster = page
      .getByRole('dialog', { name: 'Morning Yoga' })
      .getByRole('region', { name: 'Roster' });
    await roster.getByRole('button', { name: 'Book member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book member' });
    await dialog.getByLabel('Search members').fill(mia.lastName);
    await dialog.getByRole('combobox', { name: 'Member' }).click();
    await page.getByRole('option', { name: new RegExp(`Mia ${mia.lastName}`) }).click();
    await dialog.getByRole('button', { name: 'Book', exact: true }).click();
    await expectToast(page, 'Booked');
    await page.goto(`/member/${mia.id}`);
    await page.getByRole('tab', { name: 'Membership' }).click();
    await expect(membership).toContainText('Credits remaining:9');
  });

  await test.step('the cash sale is this month’s revenue', async () => {
    await expectRevenue(page, '$150.00');
  });

  await test.step('a product with stock, a discount code and a card on file', async () => {
    await page.goto('/store/products');
    await page.getByRole('button', { name: 'Add Product' }).click();
    const product = page.getByRole('dialog', { name: 'Add Product' });
    await product.getByLabel('Product Name*', { exact: true }).fill('Protein Bar');
    await product.getByLabel('SKU*', { exact: true }).fill('PB-001');
    await product.getByLabel('Price ($)*', { exact: true }).fill('4.00');
    await product.getByLabel('Opening stock', { exact: true }).fill('20');
    await product.getByRole('button', { name: 'Add Product' }).click();
    await expect(product).toBeHidden();
    await expect(page.getByRole('row', { name: /Protein Bar/ })).toContainText('20');

    await page.goto('/manage/discounts');
    await page.getByRole('button', { name: 'Add Discount Code' }).click();
    const discount = page.getByRole('dialog', { name: 'Add Discount Code' });
    await discount.getByLabel('Code*', { exact: true }).fill('SAVE10');
    await discount.getByLabel('Type*', { exact: true }).selectOption('percent');
    await discount.getByLabel('Percent off*', { exact: true }).fill('10');
    await discount.getByLabel('Store products').check();
    await discount.getByRole('button', { name: 'Add Code' }).click();
    await expectToast(page, 'Discount code added');
    await expect(discount).toBeHidden();
    await expect(page.getByText('SAVE10').first()).toBeVisible();

    await addCard(page, mia, '4242 4242 4242 4242', true);
  });

  await test.step('New Sale with the code, paid by the card on file', async () => {
    const sale = await startSale(page, mia, 'Protein Bar', 2);
    await sale.getByLabel('Discount code').fill('save10');
    await expect(sale.getByText('SAVE10: -$0.80')).toBeVisible();
    await sale.getByLabel('Payment', { exact: true }).selectOption('card');
    await expect(sale.getByLabel('Card', { exact: true })).toHaveValue(/.+/);
    await expect(sale.getByLabel('Card', { exact: true }).locator('option:checked')).toHaveText(
      /4242/,
    );
    await sale.getByRole('button', { name: 'Complete Sale · $7.20' }).click();
    await expectToast(page, /Sale recorded/);
    await expect(sale).toBeHidden();
    // The new order opens: paid by the demo card, the code's discount on it.
    const order = page.getByRole('dialog', { name: /^Order #/ });
    await expect(order).toContainText('Visa •••• 4242');
    await expect(order).toContainText('Discount (SAVE10)-$0.80');
    await expect(order).toContainText('Total$7.20');
    await order.getByRole('button', { name: 'Close' }).first().click();
    await expect(order).toBeHidden();
    await expect(page.getByRole('row', { name: /#1001/ })).toContainText('Paid');
  });

  await test.step('stock drops and Monthly Revenue rises', async () => {
    await page.goto('/store/products');
    await expect(page.getByRole('row', { name: /Protein Bar/ })).toContainText('18');
    await page.goto('/store/inventory');
    await expect(
      page.getByRole('table', { name: 'Stock on hand' }).getByRole('row', { name: /Protein Bar/ }),
    ).toContainText('18');
    await expectRevenue(page, '$157.20');
    // The plan dashboard's card reads the same ledger figure.
    await page.goto('/dashboard');
    await expect(
      page.locator('[data-slot="card"]').filter({ hasText: 'Monthly Revenue' }).first(),
    ).toContainText('$157.20');
  });

  await test.step('a card ending 0002 is declined; the failed payment is on record', async () => {
    await addCard(page, mia, '4000 0000 0000 0002', false);
    const sale = await startSale(page, mia, 'Protein Bar', 1);
    await sale.getByLabel('Payment', { exact: true }).selectOption('card');
    await selectContaining(sale.getByLabel('Card', { exact: true }), '0002');
    await sale.getByRole('button', { name: 'Complete Sale · $4.00' }).click();
    await expect(sale.getByRole('alert')).toContainText('The card ending 0002 was declined');
    await page.keyboard.press('Escape');
    await expect(sale).toBeHidden();

    // A plan sold on that card is declined too, and the member gets no second membership.
    await page.goto(`/member/${mia.id}`);
    await page.getByRole('tab', { name: 'Membership' }).click();
    await page.getByRole('button', { name: 'Sell Plan' }).click();
    const sell = page.getByRole('dialog', { name: 'Sell Plan' });
    await selectContaining(sell.getByLabel('Plan*', { exact: true }), '10-Class Pack');
    await sell.getByLabel('Payment*', { exact: true }).selectOption('card');
    await selectContaining(sell.getByLabel('Card', { exact: true }), '0002');
    await sell.getByRole('button', { name: 'Sell Plan' }).click();
    await expectToast(page, 'The card ending 0002 was declined');
    await expect(sell).toBeVisible();
    await sell.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await page.getByRole('tab', { name: 'Membership' }).click();
    await expect(membership).toContainText('Credits remaining:9');
    await expect(page.getByRole('listitem', { name: '10-Class Pack' })).toHaveCount(1);

    await page.getByRole('tab', { name: 'Payment Methods' }).click();
    const payments = page.getByRole('table', { name: 'Payments' });
    const failed = payments.getByRole('row').filter({ hasText: 'Failed' });
    await expect(failed).toHaveCount(2);
    await expect(failed.filter({ hasText: '$4.00' })).toContainText('0002');
    await expect(failed.filter({ hasText: '$150.00' })).toContainText('0002');
    await expect(payments.getByRole('row').filter({ hasText: 'Paid' })).toHaveCount(2);
    // Nothing was sold: stock and revenue are unchanged.
    await page.goto('/store/products');
    await expect(page.getByRole('row', { name: /Protein Bar/ })).toContainText('18');
    await expectRevenue(page, '$157.20');
  });
});
