import { expect, test, type Page } from '@playwright/test';
import { readMailbox, waitForMail } from './support/smtp';
import { expectToast, signUpAndCreateGym, uniqueEmail } from './support/flows';

// docs/product/connect-and-messaging.md (Email templates, Campaigns), end to end: a template made
// on /communications/templates starts a campaign made with 'Send new email'; sending it asks for
// the studio's postal address first, then mails every member with marketing consent through the
// job queue. The email has its merge field filled, the address and an unsubscribe link; its open
// pixel, fetched after the machine-open window, moves the Open Rate from 0% to 100%. The member
// is set up through the API (the add-member wizard is not the point here).

interface CampaignState {
  status: string;
  sentCount: number;
  openRate: number | null;
}

function campaignRow(page: Page, name: string) {
  return page.getByRole('row').filter({ hasText: name });
}

test('a campaign from a template reaches members with consent and counts a human open', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUpAndCreateGym(page, { gymName: `Campaign Gym ${Date.now()}` });
  const lastName = `Mailer${Date.now() % 100_000}`;
  const email = uniqueEmail('consent');
  const withConsent = await page.request.post('/api/members', {
    data: { firstName: 'Mia', lastName, email, marketingConsent: true },
  });
  expect(withConsent.status()).toBe(201);
  // Without consent: marketing must not reach this member.
  const withoutEmail = uniqueEmail('noconsent');
  const withoutConsent = await page.request.post('/api/members', {
    data: { firstName: 'Noah', lastName, email: withoutEmail },
  });
  expect(withoutConsent.status()).toBe(201);

  // The template, in the UI.
  const templateName = `Summer timetable ${Date.now()}`;
  await page.goto('/communications/templates');
  await expect(page.getByRole('heading', { level: 1, name: 'Email Templates' })).toBeVisible();
  await page.getByRole('button', { name: 'New template' }).click();
  const editor = page.getByRole('dialog', { name: 'New template' });
  await editor.getByLabel(/^Name/).fill(templateName);
  await editor.getByLabel(/^Subject/).fill('News for {{first_name}}');
  await editor
    .getByLabel(/^Content/)
    .fill('Hi {{first_name}},\n\nOur **summer timetable** starts on Monday.');
  await editor.getByRole('button', { name: 'Create template' }).click();
  await expectToast(page, 'Template created');
  await expect(page.getByRole('row').filter({ hasText: templateName })).toBeVisible();

  // The campaign, started from the template.
  const campaignName = `Summer campaign ${Date.now()}`;
  await page.goto('/connect/campaigns');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await page.getByRole('button', { name: 'Send new email' }).click();
  const draft = page.getByRole('dialog', { name: 'Send new email' });
  await draft.getByLabel('Start from a template').selectOption({ label: templateName });
  await expect(draft.getByLabel('Subject Line')).toHaveValue('News for {{first_name}}');
  await draft.getByLabel('Campaign Name').fill(campaignName);
  await draft.getByRole('button', { name: 'Create campaign' }).click();
  await expectToast(page, 'Campaign created successfully');
  // The new draft opens its send dialog, which sends to Settings › General for the postal
  // address first (every marketing email carries it; the address is edited there only).
  const send = page.getByRole('dialog', { name: `Send ${campaignName}` });
  await expect(send.getByRole('link', { name: 'Settings › General' })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.goto('/settings?tab=general');
  await page.getByLabel('Postal address').fill('12 Harbour Road, Springfield 4021');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expectToast(page, 'Settings saved');
  await page.goto('/connect/campaigns');
  await campaignRow(page, campaignName).getByRole('button', { name: 'Send', exact: true }).click();
  await expect(send.getByLabel('Send to')).toHaveValue('');
  await send.getByRole('button', { name: 'Send now' }).click();
  await expectToast(page, 'Campaign is being sent');
  const row = campaignRow(page, campaignName);

  // The job queue mails it: merge field filled, address and unsubscribe link in the footer.
  const mail = await waitForMail(email, { timeoutMs: 30_000 });
  expect(mail.subject).toBe('News for Mia');
  expect(mail.text).toContain('Hi Mia,');
  expect(mail.text).toContain('12 Harbour Road, Springfield 4021');
  expect(mail.html).toMatch(/href="http:\/\/localhost:\d+\/unsubscribe\/[^"]+"/);
  const pixel = /\/api\/email\/open\/[^"'\s]+\.gif/.exec(mail.html)?.[0];
  expect(pixel).toBeTruthy();

  // Sent to one member (the one with consent); nobody opened it yet: 0%.
  await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(row).not.toContainText('Not sent');
  await expect(row.getByText('0%', { exact: true })).toBeVisible();
  const [list] = (await (await page.request.get('/api/campaigns')).json()).campaigns as Array<
    CampaignState & { id: string }
  >;
  expect(list?.sentCount).toBe(1);

  // The pixel: fetches inside the 10 s window count as machine opens (privacy proxies), so it is
  // fetched until an open counts as a person's, within a deadline.
  await expect
    .poll(
      async () => {
        const image = await page.request.get(pixel!);
        expect(image.status()).toBe(200);
        expect(image.headers()['content-type']).toContain('image/gif');
        const state = (await (
          await page.request.get(`/api/campaigns/${list!.id}`)
        ).json()) as CampaignState;
        return state.openRate;
      },
      { timeout: 40_000, intervals: [1_000] },
    )
    .toBe(100);
  // The page follows by server-sent events, without a reload.
  await expect(row.getByText('100%', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Average Open Rate')).toContainText('100');

  // Marketing never reached the member without consent.
  expect(readMailbox().filter((m) => m.to.includes(withoutEmail.toLowerCase()))).toEqual([]);
});
