import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the end-to-end suite. Playwright's global setup starts it (after the
 * web server, which only connects when it sends), so every spec's mail is delivered somewhere;
 * each message is appended as one JSON line to the mailbox file that specs read.
 */
export interface ReceivedMail {
  /** Envelope recipients, lower-cased. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The Reply-To address, if any (two-way messaging's reply+{token}@domain). */
  replyTo: string;
  receivedAt: string;
}

export const MAILBOX_ENV = 'E2E_MAILBOX';

export async function startSmtpServer(
  port: number,
  mailboxFile: string,
): Promise<() => Promise<void>> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          const record: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            replyTo: mail.replyTo?.value[0]?.address ?? '',
            receivedAt: new Date().toISOString(),
          };
          appendFileSync(mailboxFile, `${JSON.stringify(record)}\n`);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  // Only once listening: a port in use leaves no stray mailbox behind.
  writeFileSync(mailboxFile, '');
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

export function readMailbox(file = process.env[MAILBOX_ENV]): ReceivedMail[] {
  if (!file)
    throw new Error(
      `${MAILBOX_ENV} is not set: run the suite through playwright.config.ts (its globalSetup starts SMTP)`,
    );
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as ReceivedMail);
}

/** The newest message to this address, waiting for it to arrive. */
export async function waitForMail(
  to: string,
  options: { timeoutMs?: number; since?: number; subject?: string | RegExp } = {},
): Promise<ReceivedMail> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  const address = to.toLowerCase();
  for (;;) {
    const found = readMailbox()
      .filter(
        (m) =>
          m.to.includes(address) &&
          (!options.since || Date.parse(m.receivedAt) >= options.since) &&
          // Another email to the same person (a sign-in code just before) is not this one.
          (!options.subject ||
            (typeof options.subject === 'string'
              ? m.subject === options.subject
              : options.subject.test(m.subject))),
      )
      .at(-1);
    if (found) return found;
    if (Date.now() > deadline)
      throw new Error(`No email to ${to} arrived within ${options.timeoutMs ?? 15_000} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
