import { expect, test } from '@playwright/test';
import { expectToast, signUpAndCreateGym, uniqueEmail } from './support/flows';

// docs/product/money-and-store.md#changing-plan, through the member's Membership tab: a member
// on a monthly plan moves to another from today, reads the credit for the unused days and the new
// charge before confirming, and finds both lines among their payments. Setup that is not the
// point (plans, the member, the card, the first sale) goes through the API.

test('change a member’s plan from today: the unused days are refunded and the new plan charged', async ({
  page,
}) => {
  await signUpAndCreateGym(page);
  const plan = async (name: string, price: string) => {
    const res = await page.request.post('/api/plans', {
      data: { name, kind: 'membership', price, billingInterval: 'month' },
    });
    expect(res.status()).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const basic = await plan('Basic Monthly', '49.00');
  await plan('Premium Monthly', '89.00');
  const created = await page.request.post('/api/members', {
    data: { firstName: 'Rosa', lastName: 'Planchange', email: uniqueEmail('rosa') },
  });
  const { id } = (await created.json()) as { id: string };
  const card = await page.request.post(`/api/members/${id}/payment-methods`, {
    data: {
      cardLastFour: '4242',
      cardBrand: 'visa',
      cardExpMonth: 12,
      cardExpYear: new Date().getFullYear() + 2,
      billingName: 'Rosa Planchange',
      isDefault: true,
    },
  });
  expect(card.status()).toBe(201);
  const sold = await page.request.post(`/api/members/${id}/memberships`, {
    data: { planId: basic, method: 'card' },
  });
  expect(sold.status()).toBe(201);

  await page.goto(`/member/${id}`);
  await page.getByRole('tab', { name: 'Membership' }).click();
  await page.getByRole('button', { name: 'Change Plan Basic Monthly' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Plan' });
  await dialog.getByLabel('New plan*', { exact: true }).selectOption({ label: 'Premium Monthly' });
  const amounts = dialog.getByRole('definition');
  // Sold today: every day of the period is unused, so all of the $49.00 comes back.
  await expect(dialog.getByLabel('Plan change amounts')).toContainText(
    /Unused (\d+) of \1 days of Basic Monthly, refunded/,
  );
  await expect(amounts.nth(0)).toHaveText('-$49.00');
  await expect(amounts.nth(1)).toHaveText('$89.00');
  await expect(amounts.nth(2)).toHaveText('$40.00');
  await dialog.getByRole('button', { name: 'Change Plan' }).click();
  await expectToast(page, 'Plan changed');
  await expect(dialog).toBeHidden();

  await expect(
    page
      .getByRole('region', { name: 'Current memberships' })
      .getByRole('listitem', { name: 'Premium Monthly' }),
  ).toContainText('Active');
  await page.getByRole('tab', { name: 'Payment Methods' }).click();
  const payments = page.getByRole('table', { name: 'Payments' });
  // Both lines of the change: the new plan's charge, and the credit as a refund with its note.
  await expect(
    payments.getByRole('row', { name: /Premium Monthly .*\$89\.00 Paid/ }),
  ).toBeVisible();
  const credit = payments.getByRole('row').filter({ hasText: 'Plan changed to Premium Monthly' });
  await expect(credit).toContainText('-$49.00');
  await expect(credit).toContainText('Credit note');
});
