import { expect, type Browser } from '@playwright/test';
import { waitForMail } from './smtp';

/** The member, in a browser of their own (no staff session anywhere), signs in with the code. */
export async function signInToPortal(
  browser: Browser,
  slug: string,
  studioName: string,
  email: string,
) {
  const context = await browser.newContext();
  const member = await context.newPage();
  await member.goto(`/m/${slug}`);
  await expect(member.getByRole('heading', { name: `Sign in to ${studioName}` })).toBeVisible();
  const asked = Date.now();
  await member.getByRole('textbox', { name: 'Email' }).fill(email);
  await member.getByRole('button', { name: 'Send code' }).click();
  await expect(
    member.getByText(`If this email belongs to a member of ${studioName}, a code is on its way.`),
  ).toBeVisible();
  const mail = await waitForMail(email, { since: asked - 1000, subject: /^\d{6} is your / });
  const code = /(\d{6}) is your/.exec(mail.subject)?.[1];
  expect(code).toMatch(/^\d{6}$/);
  await member.getByRole('textbox', { name: 'Code' }).fill(code!);
  await member.getByRole('button', { name: 'Sign in' }).click();
  await expect(member).toHaveURL(new RegExp(`/m/${slug}/schedule`));
  return { context, member };
}
