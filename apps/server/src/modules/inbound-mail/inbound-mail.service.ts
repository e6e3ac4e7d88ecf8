import type { AddressInfo } from 'node:net';
import type { Readable } from 'node:stream';
import { INBOUND_MAX_BYTES } from '@fitbase/domain/connect-constants';
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import type { Deps } from '../../http/types.ts';
import {
  storeReply,
  threadOfReplyAddress,
  type ReplyThread,
} from '../conversations/conversations-inbound.service.ts';

/**
 * FitBase's inbound SMTP listener (docs/product/connect-and-messaging.md#11-messages-and-two-way-messaging):
 * the MX of INBOUND_MAIL_DOMAIN. It accepts mail only for existing reply addresses
 * (`reply+{token}@domain`, refused at RCPT TO otherwise, so nothing is stored for an unknown or
 * forged thread), refuses mail over INBOUND_MAX_BYTES, and stores each reply in its member's
 * conversation. No AUTH: senders are the whole internet, as for any MX.
 */

export interface InboundMailServer {
  port: number;
  close(): Promise<void>;
}

function smtpError(responseCode: number, message: string): Error {
  return Object.assign(new Error(message), { responseCode });
}

/** Reads the DATA stream whole, keeping at most the limit in memory. */
async function readLimited(stream: SMTPServerDataStream): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as Readable) {
    size += (chunk as Buffer).length;
    if (size <= INBOUND_MAX_BYTES) chunks.push(chunk as Buffer);
  }
  return stream.sizeExceeded || size > INBOUND_MAX_BYTES ? null : Buffer.concat(chunks);
}

export async function startInboundMail(
  deps: Deps,
  options: { port?: number; host?: string } = {},
): Promise<InboundMailServer> {
  const { config, logger, database } = deps;
  const log = logger.child({ component: 'inbound-mail' });
  const threads = new WeakMap<object, Map<string, ReplyThread>>();

  const server = new SMTPServer({
    name: config.inboundMailDomain,
    banner: 'FitBase inbound mail',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: INBOUND_MAX_BYTES,
    logger: false,
    onRcptTo(address, session, callback) {
      threadOfReplyAddress(database.db, config, address.address).then(
        (thread) => {
          if (!thread)
            return callback(smtpError(550, `No such recipient here: ${address.address}`));
          const known = threads.get(session) ?? new Map<string, ReplyThread>();
          known.set(address.address.toLowerCase(), thread);
          threads.set(session, known);
          callback();
        },
        (error: Error) => {
          log.error({ err: error }, 'Inbound mail: recipient lookup failed');
          callback(smtpError(451, 'Temporary failure, try again later'));
        },
      );
    },
    onData(stream, session, callback) {
      const receive = async () => {
        const raw = await readLimited(stream);
        if (!raw)
          throw smtpError(552, `Message exceeds the size limit of ${INBOUND_MAX_BYTES} bytes`);
        const mail = await simpleParser(raw);
        const targets = new Map<string, ReplyThread>();
        for (const thread of (threads.get(session) ?? new Map()).values())
          targets.set(thread.conversationId, thread);
        const envelopeFrom = session.envelope.mailFrom;
        for (const thread of targets.values()) {
          await storeReply(database.db, thread, {
            from: mail.from?.value[0]?.address ?? (envelopeFrom ? envelopeFrom.address : null),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            messageId: mail.messageId ?? null,
          });
        }
        log.info({ conversations: [...targets.keys()] }, 'Inbound mail stored');
      };
      receive().then(
        () => callback(),
        (error: Error & { responseCode?: number }) => {
          if (!error.responseCode) {
            log.error({ err: error }, 'Inbound mail could not be stored');
            return callback(smtpError(451, 'Temporary failure, try again later'));
          }
          callback(error);
        },
      );
    },
  });
  server.on('error', (error) => log.error({ err: error }, 'Inbound mail server error'));

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? config.inboundSmtpPort ?? 0, options.host, () => {
      server.server.off('error', reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info({ port, domain: config.inboundMailDomain }, `Inbound mail listening on port ${port}`);
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
