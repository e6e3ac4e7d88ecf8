import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/**
 * A real SMTP server in process, for the campaign tests and bench:campaign: it accepts (or, on
 * request, refuses) every message and keeps what it received, parsed or only counted.
 */
export interface SunkMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Header values as sent, by lower-case name (the first of each). */
  headers: Record<string, string>;
  replyTo: string | null;
  from: string;
  receivedAt: number;
}

export interface SmtpSink {
  port: number;
  url: string;
  mail: SunkMail[];
  /** Messages accepted (also counted when not parsed). */
  count: () => number;
  /** Messages accepted per envelope recipient (lower case), parsed or not. */
  perRecipient: Map<string, number>;
  /** Time (ms since the epoch) the first and the last message was accepted; null before any. */
  firstAt: () => number | null;
  lastAt: () => number | null;
  close: () => Promise<void>;
}

export interface SinkOptions {
  /** Parse each message (tests); false only counts (benchmarks). */
  parse?: boolean;
  /** A reply code and text to refuse this message with, or null to accept it. */
  refuse?: (session: SMTPServerSession) => { code: number; message: string } | null;
}

export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const mail: SunkMail[] = [];
  let accepted = 0;
  let firstAt: number | null = null;
  let lastAt: number | null = null;
  const perRecipient = new Map<string, number>();
  const tally = (session: SMTPServerSession) => {
    accepted += 1;
    lastAt = Date.now();
    firstAt ??= lastAt;
    for (const r of session.envelope.rcptTo) {
      const address = r.address.toLowerCase();
      perRecipient.set(address, (perRecipient.get(address) ?? 0) + 1);
    }
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    maxClients: 500,
    onData(stream, session, callback) {
      const refusal = options.refuse?.(session);
      if (refusal) {
        stream.resume();
        stream.on('end', () => {
          const error = new Error(refusal.message) as Error & { responseCode: number };
          error.responseCode = refusal.code;
          callback(error);
        });
        return;
      }
      if (options.parse === false) {
        stream.resume();
        stream.on('end', () => {
          tally(session);
          callback();
        });
        return;
      }
      simpleParser(stream).then(
        (parsed) => {
          tally(session);
          const replyTo = parsed.replyTo?.value[0]?.address ?? null;
          mail.push({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: parsed.from?.text ?? '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            headers: Object.fromEntries(
              [...parsed.headerLines]
                .reverse()
                .map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()]),
            ),
            replyTo,
            receivedAt: Date.now(),
          });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mail,
    count: () => accepted,
    perRecipient,
    firstAt: () => firstAt,
    lastAt: () => lastAt,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
