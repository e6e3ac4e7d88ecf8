import type { MailMessage, Mailer } from '../lib/mailer.ts';

/**
 * Where the demo's email goes: nowhere. The studio's mail is composed and "sent" through the
 * real senders (campaigns, 1:1 messages, staff accounts), and the sink keeps what the demo
 * needs next, as a member's mail client would: the tracked links a reader opens and clicks,
 * and the reply address a member answers.
 */
export interface DemoMailSink extends Mailer {
  sent: number;
  /** Messages kept since the last take (the demo takes them after each send). */
  take(): MailMessage[];
}

export function demoMailSink(): DemoMailSink {
  let kept: MailMessage[] = [];
  const sink: DemoMailSink = {
    sent: 0,
    async send(message) {
      sink.sent += 1;
      kept.push(message);
    },
    take() {
      const out = kept;
      kept = [];
      return out;
    },
  };
  return sink;
}

/** The open pixel and the tracked links of a campaign email, as a mail client finds them. */
export function trackingOf(message: MailMessage): { openFile: string | null; clicks: string[] } {
  const open = /\/api\/email\/open\/([^"'\s<>)]+\.gif)/.exec(message.html);
  const clicks = [...message.html.matchAll(/\/api\/email\/click\/([^"'\s<>)]+)/g)].map(
    (m) => m[1]!,
  );
  return { openFile: open?.[1] ?? null, clicks };
}
