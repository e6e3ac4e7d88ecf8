import { expect, test } from '@playwright/test';
import { settle, violations, WIDTHS } from './support/axe';
import { signUpAndCreateGym, uniqueEmail } from './support/flows';
import { signInToPortal } from './support/portal';

/**
 * Every page of the members' portal, signed out and signed in, at a desktop and a phone width,
 * checked with axe-core against WCAG 2.1 A and AA: no serious or critical violation
 * (docs/product/member-portal.md).
 */

const SIGNED_OUT = ['', '/schedule'];
const SIGNED_IN = ['/schedule', '/bookings', '/membership', '/buy', '/profile', '/waiver'];

test('the member portal has no serious or critical axe violation', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signUpAndCreateGym(page);
  const { slug, name } = (await (await page.request.get('/api/settings/general')).json()) as {
    slug: string;
    name: string;
  };
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  for (const [className, startTime] of [
    ['Morning Flow', '07:00'],
    ['Lunch HIIT', '12:30'],
  ] as const) {
    const created = await page.request.post('/api/classes', {
      data: { name: className, capacity: 10, durationMinutes: 45, startsOn: tomorrow, startTime },
    });
    expect(created.status()).toBe(201);
  }
  const plan = await page.request.post('/api/plans', {
    data: {
      name: 'Monthly Unlimited',
      kind: 'membership',
      price: '89.00',
      billingInterval: 'month',
      soldOnline: true,
    },
  });
  expect(plan.status()).toBe(201);
  // A waiver to sign: the waiver page shows its form (docs/product/waivers.md).
  const waiver = await page.request.post('/api/settings/waivers/versions', {
    data: { title: 'Liability waiver', body: 'I take part at my own risk.' },
  });
  expect(waiver.status()).toBe(201);
  const email = uniqueEmail('axe-member');
  const added = await page.request.post('/api/members', {
    data: { firstName: 'Ari', lastName: 'Access', email, membershipStatus: 'active' },
  });
  const { id: memberId } = (await added.json()) as { id: string };
  const sold = await page.request.post(`/api/members/${memberId}/memberships`, {
    data: { planId: ((await plan.json()) as { id: string }).id, method: 'cash' },
  });
  expect(sold.status()).toBe(201);

  const found: string[] = [];
  const visitor = await browser.newContext();
  const signedOut = await visitor.newPage();
  const { context, member } = await signInToPortal(browser, slug, name, email);
  for (const width of WIDTHS) {
    for (const [tab, paths] of [
      [signedOut, SIGNED_OUT],
      [member, SIGNED_IN],
    ] as const) {
      await tab.setViewportSize({ width: width.width, height: width.height });
      for (const path of paths) {
        await tab.goto(`/m/${slug}${path}`);
        await settle(tab);
        const who = tab === member ? 'signed in' : 'signed out';
        found.push(...(await violations(tab, `/m/{slug}${path} ${who} at ${width.width}px`)));
      }
    }
  }
  await visitor.close();
  await context.close();
  expect(found, `axe found serious or critical violations:\n${found.join('\n')}`).toEqual([]);
});
