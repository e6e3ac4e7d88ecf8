import type { Db, Tx } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { findSender } from './studio-sender.queries.ts';

export interface StudioSender {
  name: string;
  slug: string;
  postalAddress: string | null;
  primaryColor: string | null;
  /** `/api/logos/{hash}` (relative), or null. */
  logoUrl: string | null;
  /** How its emails write amounts and dates (ADR 0038). */
  currency: string;
  locale: string;
  timeZone: string;
}

/** The studio as a sender: its name (From), slug and postal address (footer). */
export async function studioSender(tx: Db | Tx, organizationId: string): Promise<StudioSender> {
  const sender = await findSender(tx, organizationId);
  if (!sender) throw notFound('Organization');
  return sender;
}
