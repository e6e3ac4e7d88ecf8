import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { expectToast, signUpAndCreateGym, uniqueEmail } from './support/flows';
import { waitForMail } from './support/smtp';

// docs/product/settings-and-help.md#data-export: an owner downloads everything as a ZIP of CSV
// files from Settings → General, and can have a link emailed that works without signing in.

test('an owner downloads the export and gets a link by email', async ({ page }, testInfo) => {
  const account = await signUpAndCreateGym(page);
  const email = uniqueEmail('exported');
  const created = await page.request.post('/api/members', {
    data: { firstName: 'Export', lastName: 'Person', email },
  });
  expect(created.status()).toBe(201);

  await page.goto('/settings?tab=general');
  const card = page.getByRole('region', { name: 'Export your data' });
  await expect(card).toBeVisible();
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'Download export' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^fitbase-export-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.zip$/,
  );
  const file = testInfo.outputPath('export.zip');
  await download.saveAs(file);
  const names = execFileSync('unzip', ['-Z1', file], { encoding: 'utf8' }).trim().split('\n');
  expect(names).toContain('members.csv');
  expect(names).toContain('data-dictionary.csv');
  expect(names.at(-1)).toBe('manifest.json');
  const members = execFileSync('unzip', ['-p', file, 'members.csv'], { encoding: 'utf8' });
  expect(members).toContain(`Export,Person,${email}`);

  const since = Date.now();
  await card.getByRole('button', { name: /Email me a link/ }).click();
  await expectToast(page, /We emailed you a download link/);
  const mail = await waitForMail(account.email, { since, timeoutMs: 60_000 });
  // The link is a page whose token is in the fragment (never sent to a server); the page
  // posts it and the browser downloads, without the session: a fresh context has no cookies.
  const url = /https?:\/\/\S+\/export-download#token=\S+/.exec(mail.text)?.[0];
  expect(url, mail.text).toBeTruthy();
  const anonymous = await page.context().browser()!.newContext();
  const linkPage = await anonymous.newPage();
  const viaLink = linkPage.waitForEvent('download');
  await linkPage.goto(url!);
  expect((await viaLink).suggestedFilename()).toMatch(/^fitbase-export-.+\.zip$/);
  await anonymous.close();
});
