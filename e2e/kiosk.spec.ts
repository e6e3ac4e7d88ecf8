import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  chromium,
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { settle, violations } from './support/axe';
import { expectToast, signUpAndCreateGym, uniqueEmail } from './support/flows';
import { signInToPortal } from './support/portal';
import { writeQrCamera } from './support/qr-camera';

/**
 * The check-in kiosk (docs/product/kiosk.md) end to end: an owner pairs a kiosk in Settings ›
 * Kiosks; at the kiosk a booked member checks in by showing their QR code to the camera (Chromium's
 * fake camera plays a video of the code) and another by their phone digits and PIN; the network
 * drops, two more members check in against the kiosk's cached list, the kiosk is closed and
 * reopened offline with its queue, and back online the queue is sent: the staff see the visits at
 * the times they happened. Revoked, the kiosk stops at its next request.
 */

interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** An Etc zone where it is now about midday, so a class 15 minutes away is still today. */
function middayZone(): string {
  const offset = 12 - new Date().getUTCHours();
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

function localParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
  };
}

async function addMember(request: APIRequestContext, firstName: string, phone?: string) {
  const email = uniqueEmail(`kiosk-${firstName.toLowerCase()}`);
  const res = await request.post('/api/members', {
    data: { firstName, lastName: 'Kiosk', email, phone, membershipStatus: 'active' },
  });
  expect(res.status()).toBe(201);
  const { id } = (await res.json()) as { id: string };
  return { id, firstName, lastName: 'Kiosk', email } satisfies Person;
}

async function checkInCode(member: Page, slug: string): Promise<string> {
  const res = await member.request.get(`/api/m/${slug}/check-in-code`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { code: string }).code;
}

async function openKiosk(context: BrowserContext): Promise<Page> {
  const kiosk = await context.newPage();
  await kiosk.goto('/kiosk');
  return kiosk;
}

test('a kiosk pairs, checks in by QR code and PIN, works offline, syncs once, and stops when revoked', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await signUpAndCreateGym(page);
  const timeZone = middayZone();
  expect(
    (await page.request.patch('/api/settings/general', { data: { timezone: timeZone } })).ok(),
  ).toBe(true);
  const { slug, name: studio } = (await (
    await page.request.get('/api/settings/general')
  ).json()) as {
    slug: string;
    name: string;
  };

  // A class starting in 15-20 minutes: inside the default check-in window (60 minutes before).
  const startsAt = new Date(Date.now() + 15 * 60_000);
  startsAt.setUTCMinutes(Math.ceil(startsAt.getUTCMinutes() / 5) * 5, 0, 0);
  const local = localParts(startsAt, timeZone);
  const created = await page.request.post('/api/classes', {
    data: {
      name: 'Kiosk Flow',
      capacity: 10,
      durationMinutes: 45,
      startsOn: local.date,
      startTime: local.time,
    },
  });
  expect(created.status()).toBe(201);
  const from = new Date(Date.now() - 3_600_000).toISOString();
  const to = new Date(Date.now() + 3 * 3_600_000).toISOString();
  const listed = (await (await page.request.get(`/api/sessions?from=${from}&to=${to}`)).json()) as {
    sessions?: Array<{ id: string; name: string }>;
    items?: Array<{ id: string; name: string }>;
  };
  const session = (listed.sessions ?? listed.items ?? []).find((s) => s.name === 'Kiosk Flow')!;
  expect(session).toBeTruthy();

  const quinn = await addMember(page.request, 'Quinn');
  const pia = await addMember(page.request, 'Pia', '+1 (555) 010-4321');
  const otto = await addMember(page.request, 'Otto');
  const olga = await addMember(page.request, 'Olga');
  const booked = await page.request.post(`/api/sessions/${session.id}/bookings`, {
    data: { memberId: quinn.id },
  });
  expect(booked.status()).toBe(201);

  // The members' own codes and Pia's PIN, from their portal.
  const codes: Record<string, string> = {};
  for (const person of [quinn, otto, olga]) {
    const { context, member } = await signInToPortal(browser, slug, studio, person.email);
    codes[person.firstName] = await checkInCode(member, slug);
    await context.close();
  }
  await test.step('Pia sets her kiosk PIN in the portal', async () => {
    const { context, member } = await signInToPortal(browser, slug, studio, pia.email);
    await member.goto(`/m/${slug}/profile`);
    const form = member.getByRole('form', { name: 'Kiosk PIN' });
    await form.getByLabel('PIN').fill('2468');
    await form.getByRole('button', { name: 'Save PIN' }).click();
    await expect(member.getByText('PIN saved.')).toBeVisible();
    await context.close();
  });

  let pairingCode = '';
  await test.step('the owner pairs a kiosk in Settings › Kiosks', async () => {
    await page.goto('/settings?tab=kiosks');
    await page.getByRole('button', { name: 'Pair a kiosk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pair a kiosk' });
    await dialog.getByLabel('Name').fill('Front door');
    await dialog.getByRole('button', { name: 'Get pairing code' }).click();
    const shown = page.getByRole('dialog', { name: 'Pair Front door' });
    pairingCode = (await shown.getByTestId('kiosk-pairing-code').innerText()).trim();
    expect(pairingCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await shown.getByRole('button', { name: 'Done' }).click();
  });

  // The kiosk: its own browser, whose camera shows Quinn's QR code.
  const folder = mkdtempSync(path.join(tmpdir(), 'fitbase-kiosk-camera-'));
  const video = path.join(folder, 'camera.y4m');
  writeQrCamera(video, codes.Quinn!);
  const device = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const context = await device.newContext({ baseURL, permissions: ['camera'] });
    let kiosk = await openKiosk(context);

    await test.step('the device pairs with the code, and Quinn checks in by QR code', async () => {
      await settle(kiosk);
      expect(await violations(kiosk, 'kiosk pairing')).toEqual([]);
      await kiosk.getByLabel('Pairing code').fill(pairingCode);
      await kiosk.getByRole('button', { name: 'Pair kiosk' }).click();
      await expect(kiosk.getByRole('heading', { name: 'Check in' })).toBeVisible();
      await expect(kiosk.getByText('Welcome, Quinn!')).toBeVisible({ timeout: 20_000 });
      // An en-US studio: the kiosk writes the class's time on its 12-hour clock (ADR 0038).
      await expect(
        kiosk.getByText(/^Checked in to Kiosk Flow at \d{1,2}:\d{2}\s[AP]M$/),
      ).toBeVisible();
    });

    // The camera now shows nobody: a blank picture, read when the kiosk opens it again.
    writeQrCamera(video, '');
    await kiosk.close();
    kiosk = await openKiosk(context);
    await expect(kiosk.getByRole('heading', { name: 'Check in' })).toBeVisible();

    await test.step('Pia checks in with her phone digits and PIN', async () => {
      await kiosk.getByRole('button', { name: 'Use my PIN' }).click();
      await expect(kiosk.getByLabel('Last 4 digits of your phone')).toBeVisible();
      expect(await violations(kiosk, 'kiosk keypad')).toEqual([]);
      await kiosk.getByLabel('Last 4 digits of your phone').fill('4321');
      await kiosk.getByLabel('PIN', { exact: true }).fill('2468');
      await kiosk.getByRole('button', { name: 'Check in' }).click();
      await expect(kiosk.getByText('Welcome, Pia!')).toBeVisible();
      await kiosk.getByRole('button', { name: 'Done' }).click();
    });

    let offlineFrom = 0;
    let backOnline = 0;
    await test.step('offline: two check-ins kept on the kiosk, across a close and reopen', async () => {
      await context.setOffline(true);
      offlineFrom = Date.now();
      // A scanner types Otto's code and Enter into the focused scanner input.
      await kiosk.keyboard.type(codes.Otto!);
      await kiosk.keyboard.press('Enter');
      await expect(kiosk.getByText('Welcome, Otto!')).toBeVisible();
      await expect(kiosk.getByText('Offline: check-ins are kept on this kiosk')).toBeVisible();
      await kiosk.getByRole('button', { name: 'Done' }).click();
      await kiosk.getByRole('button', { name: 'Type your code' }).click();
      await kiosk.getByLabel('Your check-in code').fill(codes.Olga!);
      await kiosk.getByRole('button', { name: 'Check in' }).click();
      await expect(kiosk.getByText('Welcome, Olga!')).toBeVisible();
      await expect(kiosk.getByText('2 check-ins waiting to be sent')).toBeVisible();

      await kiosk.close();
      kiosk = await openKiosk(context);
      await expect(kiosk.getByRole('heading', { name: 'Check in' })).toBeVisible();
      await expect(kiosk.getByText('2 check-ins waiting to be sent')).toBeVisible();
      await settle(kiosk);
      expect(await violations(kiosk, 'kiosk offline')).toEqual([]);

      backOnline = Date.now();
      await context.setOffline(false);
      await expect(kiosk.getByText(/waiting to be sent|Sending/)).toBeHidden({ timeout: 30_000 });
    });

    await test.step('the staff see every visit, the queued ones at their original times', async () => {
      // The front desk's dashboard lists the latest check-ins with their times.
      await page.goto('/dashboard/staff');
      const recent = page.getByRole('list', { name: 'Recent activity' });
      for (const person of [quinn, pia, otto, olga])
        await expect(recent.getByText(`${person.firstName} Kiosk`)).toBeVisible();
      for (const person of [otto, olga]) {
        const row = recent.getByRole('listitem').filter({ hasText: `${person.firstName} Kiosk` });
        const at = Date.parse((await row.locator('time').getAttribute('datetime'))!);
        expect(at).toBeGreaterThanOrEqual(offlineFrom - 1000);
        expect(at).toBeLessThan(backOnline);
      }
      // Sent once: one visit each, whatever the retries.
      for (const person of [otto, olga]) {
        const visits = (await (
          await page.request.get(`/api/members/${person.id}/visits`)
        ).json()) as unknown[];
        expect(visits).toHaveLength(1);
      }
      // Quinn's booking is attended on the class roster.
      const roster = (await (
        await page.request.get(`/api/sessions/${session.id}/roster`)
      ).json()) as {
        bookings: Array<{ member: { id: string }; status: string }>;
      };
      expect(roster.bookings.find((b) => b.member.id === quinn.id)?.status).toBe('attended');
    });

    await test.step('revoked in Settings, the kiosk stops at its next request', async () => {
      await page.goto('/settings?tab=kiosks');
      await page.getByRole('button', { name: 'Revoke Front door' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Revoke Front door?' });
      await confirm.getByRole('button', { name: 'Revoke' }).click();
      await expectToast(page, /revoked/i);
      await kiosk.keyboard.type(codes.Quinn!);
      await kiosk.keyboard.press('Enter');
      await expect(kiosk.getByText('This kiosk was unpaired')).toBeVisible();
    });
  } finally {
    await device.close();
    rmSync(folder, { recursive: true, force: true });
  }
});
