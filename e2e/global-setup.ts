import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MAILBOX_ENV, startSmtpServer } from './support/smtp';
import { E2E_SMTP_PORT } from './support/e2e-env';

/**
 * Starts the SMTP server the e2e web server sends to (SMTP_URL in playwright.config.ts), for
 * the whole run. Workers inherit E2E_MAILBOX, the file each received message is appended to.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const tmp = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '.tmp');
  mkdirSync(tmp, { recursive: true });
  const mailbox = path.join(tmp, `e2e-mail-${Date.now()}-${process.pid}.jsonl`);
  const close = await startSmtpServer(E2E_SMTP_PORT, mailbox);
  process.env[MAILBOX_ENV] = mailbox;
  return async () => {
    await close();
    rmSync(mailbox, { force: true });
  };
}
