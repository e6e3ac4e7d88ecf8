import { expect, test } from '@playwright/test';
import { signUpAndCreateGym, uniqueEmail } from './support/flows';
import { signInToPortal } from './support/portal';

/**
 * The members' portal installed and offline (docs/product/member-portal.md, "Installable and
 * offline"): its service worker controls the portal once a member signs in, the studio's manifest
 * is linked and valid, and with the network gone a reload still shows the member's bookings and
 * check-in code, saying they are the last known ones, with booking and cancelling disabled. The
 * staff app gets neither service worker nor manifest.
 */
test('the portal installs and opens offline to the bookings and the check-in code', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await signUpAndCreateGym(page);
  const { slug, name } = (await (await page.request.get('/api/settings/general')).json()) as {
    slug: string;
    name: string;
  };
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const created = await page.request.post('/api/classes', {
    data: {
      name: 'Offline Flow',
      capacity: 10,
      durationMinutes: 45,
      startsOn: tomorrow,
      startTime: '07:00',
    },
  });
  expect(created.status()).toBe(201);
  const plan = await page.request.post('/api/plans', {
    data: {
      name: 'Monthly Unlimited',
      kind: 'membership',
      price: '89.00',
      billingInterval: 'month',
    },
  });
  expect(plan.status()).toBe(201);
  const email = uniqueEmail('offline-member');
  const added = await page.request.post('/api/members', {
    data: { firstName: 'Olive', lastName: 'Offline', email, membershipStatus: 'active' },
  });
  const { id: memberId } = (await added.json()) as { id: string };
  const sold = await page.request.post(`/api/members/${memberId}/memberships`, {
    data: { planId: ((await plan.json()) as { id: string }).id, method: 'cash' },
  });
  expect(sold.status()).toBe(201);

  // The staff app: no service worker, no manifest.
  await page.goto('/');
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(0);
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length),
  ).toBe(0);

  const { context, member } = await signInToPortal(browser, slug, name, email);
  // The service worker takes the signed-in portal (first install: at once).
  await member.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
  });
  expect(
    await member.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope),
  ).toMatch(/\/m\/$/);

  // The studio's manifest: linked with the slug, valid, its icons load.
  const href = await member.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe(`/m/${slug}/manifest.webmanifest`);
  const manifestResponse = await member.request.get(href!);
  expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await manifestResponse.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    scope: string;
    display: string;
    icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({
    name,
    short_name: name,
    start_url: `/m/${slug}/`,
    scope: `/m/${slug}/`,
    display: 'standalone',
  });
  expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
  for (const icon of manifest.icons) {
    const loaded = await member.request.get(icon.src);
    expect(loaded.status(), icon.src).toBe(200);
    expect(loaded.headers()['content-type']).toBe('image/png');
  }

  // Web Push reaches the worker (delivered through the DevTools protocol: no push service here)
  // and shows the payload's title and body, with the app icon (the studio has no logo).
  await context.grantPermissions(['notifications']);
  const cdp = await context.newCDPSession(member);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const found = registrations.find((r) => r.scopeURL.endsWith('/m/') && !r.isDeleted);
      if (found) resolve(found.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(member.url()).origin,
    registrationId: await registrationId,
    data: JSON.stringify({
      title: 'Class tomorrow',
      body: 'Offline Flow at 07:00',
      url: `/m/${slug}/bookings`,
      tag: 'reminder-1',
    }),
  });
  await expect
    .poll(() =>
      member.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: new URL(n.icon).pathname,
          url: new URL((n.data as { url: string }).url).pathname,
        })),
      ),
    )
    .toEqual([
      {
        title: 'Class tomorrow',
        body: 'Offline Flow at 07:00',
        tag: 'reminder-1',
        icon: '/icons/fitbase-192.png',
        url: `/m/${slug}/bookings`,
      },
    ]);
  await cdp.detach();

  // Online: book the class, see it in My bookings, open the check-in code.
  await member.getByRole('button', { name: 'Book' }).first().click();
  await expect(member.getByText(/^Booked: Offline Flow/)).toBeVisible();
  await member.goto(`/m/${slug}/bookings`);
  await expect(member.getByRole('heading', { name: 'Offline Flow' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Cancel booking' })).toBeEnabled();
  await member.goto(`/m/${slug}/profile`);
  await expect(member.getByRole('img', { name: 'My check-in code' })).toBeVisible();
  const onlineQr = await member.getByRole('img', { name: 'My check-in code' }).getAttribute('src');

  // Offline: a reload still opens the bookings and the check-in code, from this device.
  await context.setOffline(true);
  await member.goto(`/m/${slug}/bookings`);
  await expect(member.getByText(/^You are offline\. Showing your bookings as of /)).toBeVisible();
  await expect(member.getByRole('heading', { name: 'Offline Flow' })).toBeVisible();
  await expect(member.getByRole('button', { name: 'Cancel booking' })).toBeDisabled();
  await member.reload();
  await expect(member.getByText(/^You are offline\. Showing your bookings as of /)).toBeVisible();

  await member.goto(`/m/${slug}/profile`);
  await expect(
    member.getByText(/^You are offline\. Showing your check-in code as of /),
  ).toBeVisible();
  // The QR code is drawn offline (its chunk is precached) and is the same code.
  await expect(member.getByRole('img', { name: 'My check-in code' })).toHaveAttribute(
    'src',
    onlineQr!,
  );
  await expect(member.getByRole('button', { name: 'New code' })).toBeDisabled();

  // The installed app's start page, offline: the member's bookings.
  await member.goto(`/m/${slug}/`);
  await expect(member).toHaveURL(new RegExp(`/m/${slug}/bookings`));
  await expect(member.getByRole('heading', { name: 'Offline Flow' })).toBeVisible();

  // Back online, signing out forgets the copies this device kept.
  await context.setOffline(false);
  await member.goto(`/m/${slug}/bookings`);
  await expect(member.getByRole('heading', { name: 'Offline Flow' })).toBeVisible();
  await expect(member.getByText(/^You are offline/)).toHaveCount(0);
  const kept = () =>
    member.evaluate(async () => {
      const cache = await caches.open('fitbase-portal-api-v1');
      return (await cache.keys()).map((request) => new URL(request.url).pathname);
    });
  expect(await kept()).toContain(`/api/m/${slug}/bookings`);
  await member.getByRole('button', { name: /Account/ }).click();
  await member.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(member.getByRole('heading', { name: `Sign in to ${name}` })).toBeVisible();
  await expect.poll(kept).not.toContain(`/api/m/${slug}/bookings`);
  await context.close();
});
