import { MACHINE_OPEN_WINDOW_SECONDS } from '@fitbase/domain/connect-constants';
import type { Config } from '../../env.ts';
import type { PublicScope } from '../../http/types.ts';
import { runInStudio } from '../../context/run-in-studio.ts';
import { notFound } from '../../lib/errors.ts';
import { signToken, verifyToken } from '../../lib/signed-token.ts';
import { publishChange } from '../realtime/realtime.service.ts';
import * as queries from './tracking.queries.ts';

/**
 * Open pixel and click redirect of campaign email
 * (docs/product/connect-and-messaging.md#campaigns-connectcampaigns). The links carry signed
 * tokens of (studio, recipient[, url]): nobody can forge an open, or turn the redirect into an
 * open redirect to a URL that was not in the email.
 */

type Links = Pick<Config, 'authSecret' | 'appUrl'>;

export function openPixelUrl(config: Links, organizationId: string, recipientId: string) {
  const token = signToken(config.authSecret, 'open', [organizationId, recipientId]);
  return `${config.appUrl}/api/email/open/${token}.gif`;
}

export function trackedLink(
  config: Links,
  organizationId: string,
  recipientId: string,
  url: string,
) {
  const token = signToken(config.authSecret, 'click', [organizationId, recipientId, url]);
  return `${config.appUrl}/api/email/click/${token}`;
}

/** A transparent 1×1 GIF. */
export const PIXEL_GIF = Buffer.from(
  'R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
  'base64',
);

/**
 * Records an open: within MACHINE_OPEN_WINDOW_SECONDS of sending it is a privacy proxy fetching
 * images on delivery (a machine open), counted apart from people's opens. A forged token or an
 * unknown recipient is a 404; the caller still answers with the image for a valid one. A `now`
 * given is also when the open is recorded (the demo's history opens on past days).
 */
export async function recordOpen(
  scope: Pick<PublicScope, 'db' | 'deps'>,
  file: string,
  given?: Date,
) {
  const now = given ?? new Date();
  const token = file.replace(/\.gif$/i, '');
  const parts = verifyToken(scope.deps.config.authSecret, 'open', token);
  if (!parts || parts.length !== 2) throw notFound('Email');
  const [organizationId, recipientId] = parts as [string, string];
  await runInStudio(scope.db, organizationId, async (tx, unit) => {
    const recipient = await queries.findRecipient(tx, organizationId, recipientId);
    if (!recipient) throw notFound('Email');
    const machine =
      !recipient.sentAt ||
      now.getTime() - recipient.sentAt.getTime() < MACHINE_OPEN_WINDOW_SECONDS * 1000;
    await queries.recordOpen(tx, organizationId, recipientId, machine, given);
    await queries.insertEvent(tx, {
      organizationId,
      campaignId: recipient.campaignId,
      recipientId,
      kind: machine ? 'machine_open' : 'open',
      createdAt: given,
    });
    if (!machine)
      publishChange(unit, {
        organizationId,
        entity: 'campaigns',
        action: 'updated',
        ids: [recipient.campaignId],
      });
  });
}

/**
 * Records a click and returns the original URL (only when the token verifies). `now`: when;
 * default the database's clock.
 */
export async function recordClick(
  scope: Pick<PublicScope, 'db' | 'deps'>,
  token: string,
  now?: Date,
): Promise<string> {
  const parts = verifyToken(scope.deps.config.authSecret, 'click', token);
  if (!parts || parts.length !== 3) throw notFound('Link');
  const [organizationId, recipientId, url] = parts as [string, string, string];
  if (!/^https?:\/\//i.test(url)) throw notFound('Link');
  await runInStudio(scope.db, organizationId, async (tx, unit) => {
    const recipient = await queries.findRecipient(tx, organizationId, recipientId);
    if (!recipient) throw notFound('Link');
    await queries.recordClick(tx, organizationId, recipientId, now);
    await queries.insertEvent(tx, {
      organizationId,
      campaignId: recipient.campaignId,
      recipientId,
      kind: 'click',
      url,
      createdAt: now,
    });
    publishChange(unit, {
      organizationId,
      entity: 'campaigns',
      action: 'updated',
      ids: [recipient.campaignId],
    });
  });
  return url;
}
