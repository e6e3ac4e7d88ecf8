import { expect, test } from '@playwright/test';
import nodemailer from 'nodemailer';
import { E2E_INBOUND_SMTP_PORT } from './support/e2e-env';
import { waitForMail } from './support/smtp';
import { expectToast, signUpAndCreateGym, uniqueEmail } from './support/flows';

// docs/product/connect-and-messaging.md#11-messages-and-two-way-messaging, end to end: a 1:1
// message written on /communications/messages goes out over SMTP with the thread's reply
// address; the member replies by SMTP to FitBase's own inbound listener, and the reply appears
// in the open thread without a reload (server-sent events). The member is set up through the API.

test('a 1:1 message is sent by email and the reply by SMTP appears live in the thread', async ({
  page,
}) => {
  await signUpAndCreateGym(page);
  const lastName = `Reply${Date.now()}`;
  const email = uniqueEmail('member');
  const created = await page.request.post('/api/members', {
    data: { firstName: 'Robin', lastName, email },
  });
  expect(created.status()).toBe(201);

  await page.goto('/communications/messages');
  await expect(page.getByRole('heading', { level: 1, name: '1:1 Messages' })).toBeVisible();
  // Nothing sent yet: the figures say so rather than invent any.
  await expect(page.getByText('No messages sent yet')).toBeVisible();

  await page.getByRole('button', { name: 'New Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'New Message' });
  await dialog.getByLabel('Search members').fill(lastName);
  await dialog.getByRole('combobox', { name: /^Member/ }).click();
  await page.getByRole('option', { name: new RegExp(`^Robin ${lastName}`) }).click();
  await dialog.getByLabel(/^Subject/).fill('Your first class');
  await dialog.getByLabel(/^Message/).fill('Hi {{first_name}}, see you on Monday?');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expectToast(page, 'Message sent');
  // Sending opens the member's thread in the two-way inbox.
  await expect(page).toHaveURL(/\/communications\/two-way\?conversation=/);

  const mail = await waitForMail(email);
  expect(mail.subject).toBe('Your first class');
  expect(mail.text).toContain('Hi Robin, see you on Monday?');
  expect(mail.replyTo).toMatch(/^reply\+[a-z0-9]+@localhost$/);

  const thread = page.getByRole('list', { name: `Conversation with Robin ${lastName}` });
  await expect(thread.getByRole('article')).toHaveCount(1);

  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: E2E_INBOUND_SMTP_PORT,
    secure: false,
    ignoreTLS: true,
  });
  await transport.sendMail({
    from: email,
    to: mail.replyTo,
    subject: 'Re: Your first class',
    text: 'Yes, I will be there!\n\nOn Monday, Studio wrote:\n> Hi Robin, see you on Monday?',
  });
  transport.close();

  // No reload: the listener's change reaches the page over server-sent events.
  await expect(thread.getByRole('article')).toHaveCount(2);
  await expect(thread.getByText('Yes, I will be there!', { exact: true })).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Conversations' }).getByText(/Re: Your first class/),
  ).toBeVisible();
});
